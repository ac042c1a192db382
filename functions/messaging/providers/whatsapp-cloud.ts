// WhatsApp through the WhatsApp Business Cloud API: outside the 24-hour customer-service window only
// an approved template message (its name, language code hi or en, the placeholder values in order,
// the person's choices token for its URL button); inside it, free text.
import type { Provider } from './types';

export interface WhatsappConfig {
  baseUrl: string;
  phoneNumberId: string;
  accessToken: string;
}

export const whatsappCloud: Provider<WhatsappConfig> = {
  name: 'whatsapp-cloud',
  channel: 'whatsapp',
  build(m, c) {
    const to = m.to.replace(/^\+/, '');
    let message: Record<string, unknown>;
    if (m.freeText || !m.template) {
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
