// The e-mail channel: Amazon SES (locally, the local outbox). An e-mail with attachments (a calendar
// invitation) goes as a raw MIME message: the text, then each attachment, base64.
import { randomUUID } from 'node:crypto';
import { SendEmailCommand, SendRawEmailCommand, SESClient } from '@aws-sdk/client-ses';
import { awsClientOptions } from '../../lib/aws';
import { isLocalMessaging, type Channel, type OutgoingEmail } from '../channel';
import { deliverLocally } from '../outbox';

let ses: SESClient | undefined;
const from = () => process.env.EMAIL_FROM ?? 'no-reply@docksaathi.in';

/** RFC 2047 for a subject that is not plain ASCII (a Hindi subject). */
const header = (text: string) =>
  /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
const base64Lines = (text: string) =>
  (
    Buffer.from(text, 'utf8')
      .toString('base64')
      .match(/.{1,76}/g) ?? []
  ).join('\r\n');

export function mimeMessage(message: OutgoingEmail, sender = from()): string {
  const boundary = `ds-${randomUUID()}`;
  const parts = [
    ['Content-Type: text/plain; charset=UTF-8', 'Content-Transfer-Encoding: base64', '', base64Lines(message.text)],
    ...(message.attachments ?? []).map((a) => [
      `Content-Type: ${a.contentType}; charset=UTF-8; name="${a.filename}"`,
      `Content-Disposition: attachment; filename="${a.filename}"`,
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(a.content),
    ]),
  ];
  return [
    `From: ${sender}`,
    `To: ${message.to}`,
    `Subject: ${header(message.subject ?? 'DockSaathi')}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    ...parts.map((p) => [`--${boundary}`, ...p].join('\r\n')),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

export const email: Channel = {
  name: 'email',
  async send(message, now) {
    if (isLocalMessaging()) return deliverLocally(message, now);
    ses ??= new SESClient(awsClientOptions());
    if (message.attachments?.length) {
      await ses.send(new SendRawEmailCommand({ RawMessage: { Data: Buffer.from(mimeMessage(message), 'utf8') } }));
      return;
    }
    await ses.send(
      new SendEmailCommand({
        Source: from(),
        Destination: { ToAddresses: [message.to] },
        Message: { Subject: { Data: message.subject ?? 'DockSaathi' }, Body: { Text: { Data: message.text } } },
      }),
    );
  },
};
