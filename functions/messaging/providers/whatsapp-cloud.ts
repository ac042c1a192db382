// WhatsApp through the WhatsApp Business Cloud API: outside the 24-hour customer-service window only
// an approved template message (its name, language code hi or en, the placeholder values in order,
// the person's choices token for its URL button); inside it, free text, or (a conversation's reply,
// issue #56) an interactive message with reply buttons or a one-section list, or an image by its link.
import type { Provider, RichContent } from './types';

export interface WhatsappConfig {
  baseUrl: string;
  phoneNumberId: string;
  accessToken: string;
}

/** At most `max` characters (whole code points): the Cloud API refuses a longer title, not cuts it. */
const cut = (text: string, max: number) => [...text.trim()].slice(0, max).join('');

/** The Cloud API's limits: body 1,024; 3 buttons of 20; a list's button 20, 10 rows of 24 (+ 72 description), caption 1,024. */
export function richMessage(rich: RichContent): Record<string, unknown> {
  switch (rich.kind) {
    case 'buttons':
      return {
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: cut(rich.body, 1024) },
          action: {
            buttons: rich.buttons
              .slice(0, 3)
              .map((b) => ({ type: 'reply', reply: { id: cut(b.id, 256), title: cut(b.title, 20) } })),
          },
        },
      };
    case 'list':
      return {
        type: 'interactive',
        interactive: {
          type: 'list',
          body: { text: cut(rich.body, 1024) },
          action: {
            button: cut(rich.button, 20),
            sections: [
              {
                rows: rich.rows.slice(0, 10).map((r) => ({
                  id: cut(r.id, 200),
                  title: cut(r.title, 24),
                  ...(r.description ? { description: cut(r.description, 72) } : {}),
                })),
              },
            ],
          },
        },
      };
    case 'image':
      return {
        type: 'image',
        image: { link: rich.link, ...(rich.caption ? { caption: cut(rich.caption, 1024) } : {}) },
      };
  }
}

export const whatsappCloud: Provider<WhatsappConfig> = {
  name: 'whatsapp-cloud',
  channel: 'whatsapp',
  build(m, c) {
    const to = m.to.replace(/^\+/, '');
    let message: Record<string, unknown>;
    if (m.freeText && m.rich) {
      message = richMessage(m.rich);
    } else if (m.freeText || !m.template) {
      message = { type: 'text', text: { preview_url: false, body: m.body } };
    } else {
      const parameters = m.template.placeholders.map((name) => ({
        type: 'text',
        parameter_name: name,
        text: m.values?.[name] ?? '',
      }));
      // Every template is registered with the URL button `<app origin>/privacy/choices/{{1}}` (rules.ts prepare).
      const button = m.choicesButton
        ? [{ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: m.choicesButton }] }]
        : [];
      message = {
        type: 'template',
        template: {
          name: m.template.whatsappName,
          language: { code: m.language },
          components: [...(parameters.length ? [{ type: 'body', parameters }] : []), ...button],
        },
      };
    }
    return {
      kind: 'http',
      method: 'POST',
      url: `${c.baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(c.phoneNumberId)}/messages`,
      headers: { authorization: `Bearer ${c.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to,
        biz_opaque_callback_data: m.id,
        ...message,
      }),
    };
  },
  messageIdOf: (answer) => (answer as { messages?: { id?: string }[] } | null)?.messages?.[0]?.id ?? null,
};
