// The Cloud API messages of a conversation's replies (issue #56): reply buttons, a one-section list and
// an image, built by the WhatsApp adapter only for a free-form message (inside the 24-hour window),
// cut to Meta's limits rather than refused; outside the window the template goes as before. And the
// text a reply becomes by SMS (chat's send.ts): buttons and rows as numbered lines, an image as its link.
import { describe, expect, it } from 'vitest';
import { whatsappCloud } from '../../functions/messaging/providers/whatsapp-cloud';
import type { ProviderMessage, RichContent } from '../../functions/messaging/providers/types';
import { replyText } from '../../functions/chat/send';
import { findTemplate } from '../../shared/contracts/messaging';

const config = { baseUrl: 'https://graph.facebook.com/v21.0/', phoneNumberId: '1065403522', accessToken: 'tok' };
const message = (rich: RichContent | null, over: Partial<ProviderMessage> = {}): ProviderMessage => ({
  id: '6f1c2d3e-0000-4000-8000-000000000009',
  tenantId: 't1',
  channel: 'whatsapp',
  to: '+919812300002',
  language: 'en',
  template: null,
  values: null,
  body: 'the text the log shows',
  subject: null,
  freeText: true,
  choicesButton: null,
  dlt: null,
  rich,
  ...over,
});
const sent = (m: ProviderMessage) => {
  const request = whatsappCloud.build(m, config);
  if (request.kind !== 'http') throw new Error('not an HTTP request');
  return { request, body: JSON.parse(request.body) as Record<string, unknown> };
};

describe('whatsappCloud rich messages', () => {
  it('builds reply buttons as an interactive button message to the number, with our id along', () => {
    // Prepare
    const buttons: RichContent = {
      kind: 'buttons',
      body: 'Book for tomorrow at 10:00?',
      buttons: [
        { id: 'confirm', title: 'Yes, book' },
        { id: 'change', title: 'Another time' },
      ],
    };
    // Act
    const { request, body } = sent(message(buttons));
    // Assess
    expect(request.url).toBe('https://graph.facebook.com/v21.0/1065403522/messages');
    expect(request.headers.authorization).toBe('Bearer tok');
    expect(body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919812300002',
      biz_opaque_callback_data: '6f1c2d3e-0000-4000-8000-000000000009',
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Book for tomorrow at 10:00?' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'confirm', title: 'Yes, book' } },
            { type: 'reply', reply: { id: 'change', title: 'Another time' } },
          ],
        },
      },
    });
  });

  it('builds a list as one section of rows, descriptions only where given', () => {
    const list: RichContent = {
      kind: 'list',
      body: 'Pick a start',
      button: 'Times',
      rows: [
        { id: 'slot-0900', title: '09:00', description: 'Door D05' },
        { id: 'slot-1000', title: '10:00' },
      ],
    };
    expect(sent(message(list)).body.interactive).toEqual({
      type: 'list',
      body: { text: 'Pick a start' },
      action: {
        button: 'Times',
        sections: [
          {
            rows: [
              { id: 'slot-0900', title: '09:00', description: 'Door D05' },
              { id: 'slot-1000', title: '10:00' },
            ],
          },
        ],
      },
    });
  });

  it("cuts to Meta's limits: 3 buttons of 20 characters, 10 rows of 24, Hindi counted by code points", () => {
    const many = Array.from({ length: 5 }, (_, i) => ({ id: `b${i}`, title: `बटन संख्या ${i} बहुत लंबा शीर्षक` }));
    const buttons = sent(message({ kind: 'buttons', body: 'x', buttons: many })).body.interactive as {
      action: { buttons: { reply: { id: string; title: string } }[] };
    };
    expect(buttons.action.buttons.map((b) => b.reply.id)).toEqual(['b0', 'b1', 'b2']);
    expect(buttons.action.buttons[0]!.reply.title).toBe('बटन संख्या 0 बहुत लं');
    expect([...buttons.action.buttons[0]!.reply.title]).toHaveLength(20);
    const rows = Array.from({ length: 12 }, (_, i) => ({ id: `r${i}`, title: `Row ${i} with a title far too long` }));
    const list = sent(message({ kind: 'list', body: 'x', button: 'Choose a time slot now', rows })).body
      .interactive as { action: { button: string; sections: { rows: { title: string }[] }[] } };
    expect(list.action.button).toBe('Choose a time slot n');
    expect(list.action.sections[0]!.rows).toHaveLength(10);
    expect(list.action.sections[0]!.rows[0]!.title).toBe('Row 0 with a title far t');
  });

  it('builds an image by its link, with its caption only when there is one', () => {
    expect(
      sent(message({ kind: 'image', link: 'https://app.example.in/pass/Xq3.png', caption: 'Gate pass' })).body,
    ).toMatchObject({ type: 'image', image: { link: 'https://app.example.in/pass/Xq3.png', caption: 'Gate pass' } });
    expect(sent(message({ kind: 'image', link: 'https://app.example.in/qr.png' })).body.image).toEqual({
      link: 'https://app.example.in/qr.png',
    });
  });

  it('sends plain text when there is nothing rich, and the template outside the window even with rich content', () => {
    expect(sent(message(null)).body).toMatchObject({
      type: 'text',
      text: { preview_url: false, body: 'the text the log shows' },
    });
    const outside = message(
      { kind: 'buttons', body: 'x', buttons: [{ id: 'a', title: 'A' }] },
      { freeText: false, template: findTemplate('loading_complete')!, values: {} },
    );
    expect(sent(outside).body).toMatchObject({ type: 'template', template: { name: 'docksaathi_loading_complete' } });
  });
});

describe('replyText (a reply by SMS, and as the log shows it)', () => {
  it('numbers buttons and rows, and gives an image as its caption and link', () => {
    expect(replyText({ kind: 'text', body: 'Namaste' })).toBe('Namaste');
    expect(
      replyText({
        kind: 'buttons',
        body: 'Confirm?',
        buttons: [
          { id: 'y', title: 'Yes' },
          { id: 'n', title: 'No' },
        ],
      }),
    ).toBe('Confirm?\n1. Yes\n2. No');
    expect(
      replyText({
        kind: 'list',
        body: 'Pick',
        button: 'Times',
        rows: [
          { id: 'a', title: '09:00', description: 'D05' },
          { id: 'b', title: '10:00' },
        ],
      }),
    ).toBe('Pick\n1. 09:00 - D05\n2. 10:00');
    expect(replyText({ kind: 'image', link: 'https://x.in/p.png', caption: 'Pass' })).toBe('Pass\nhttps://x.in/p.png');
    expect(replyText({ kind: 'image', link: 'https://x.in/p.png' })).toBe('https://x.in/p.png');
  });
});
