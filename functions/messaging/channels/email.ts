// The e-mail channel: Amazon SES (locally, the local outbox).
import { SendEmailCommand, SESClient } from '@aws-sdk/client-ses';
import { awsClientOptions } from '../../lib/aws';
import { isLocalMessaging, type Channel } from '../channel';
import { deliverLocally } from '../outbox';

let ses: SESClient | undefined;

export const email: Channel = {
  name: 'email',
  async send(message, now) {
    if (isLocalMessaging()) return deliverLocally(message, now);
    ses ??= new SESClient(awsClientOptions());
    await ses.send(
      new SendEmailCommand({
        Source: process.env.EMAIL_FROM ?? 'no-reply@docksaathi.in',
        Destination: { ToAddresses: [message.to] },
        Message: { Subject: { Data: message.subject ?? 'DockSaathi' }, Body: { Text: { Data: message.text } } },
      }),
    );
  },
};
