// The Indian SMS and voice provider (Exotel-style HTTP API): SMS with the DLT entity id, DLT
// template id and 6-letter header of the message's registration, unicode for Hindi; voice as a text-to-speech call. Basic auth
// with the tenant's API key and token; the provider calls back with our message id (CustomField).
import { dltOf, type Provider } from './types';
import { smsBytes } from '../../../shared/contracts/messaging';

export interface ExotelConfig {
  baseUrl: string;
  accountSid: string;
  apiKey: string;
  apiToken: string;
  voiceCallerId: string | null;
  statusCallbackUrl: string | null;
}

const basicAuth = (c: ExotelConfig) => `Basic ${Buffer.from(`${c.apiKey}:${c.apiToken}`).toString('base64')}`;
const form = (fields: Record<string, string | null | undefined>) =>
  new URLSearchParams(
    Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
  ).toString();
const endpoint = (c: ExotelConfig, path: string) =>
  `${c.baseUrl.replace(/\/+$/, '')}/v1/Accounts/${encodeURIComponent(c.accountSid)}/${path}`;

export const exotelSms: Provider<ExotelConfig> = {
  name: 'exotel-sms',
  channel: 'sms',
  build(m, c) {
    const dlt = dltOf(m);
    return {
      kind: 'http',
      method: 'POST',
      url: endpoint(c, 'Sms/send.json'),
      headers: { authorization: basicAuth(c), 'content-type': 'application/x-www-form-urlencoded' },
      body: form({
        From: dlt.header,
        To: m.to,
        Body: m.body,
        DltEntityId: dlt.entityId,
        DltTemplateId: dlt.templateId,
        SmsType: 'transactional',
        EncodingType: smsBytes(m.body) > m.body.length ? 'unicode' : 'plain',
        StatusCallback: c.statusCallbackUrl,
        CustomField: m.id,
      }),
    };
  },
  messageIdOf: (answer) => (answer as { SMSMessage?: { Sid?: string } } | null)?.SMSMessage?.Sid ?? null,
};

export const exotelVoice: Provider<ExotelConfig> = {
  name: 'exotel-voice',
  channel: 'voice',
  build(m, c) {
    return {
      kind: 'http',
      method: 'POST',
      url: endpoint(c, 'Calls/connect.json'),
      headers: { authorization: basicAuth(c), 'content-type': 'application/x-www-form-urlencoded' },
      body: form({
        From: m.to,
        CallerId: c.voiceCallerId,
        CallType: 'trans',
        // The call flow speaks the text in the language (text-to-speech).
        CustomField: JSON.stringify({ ref: m.id, say: m.body, language: m.language === 'hi' ? 'hi-IN' : 'en-IN' }),
        StatusCallback: c.statusCallbackUrl,
      }),
    };
  },
  messageIdOf: (answer) => (answer as { Call?: { Sid?: string } } | null)?.Call?.Sid ?? null,
};
