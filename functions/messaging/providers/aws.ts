// The AWS adapters: SMS through Amazon SNS (the backup SMS route, with the DLT entity and template
// ids India requires, transactional) and e-mail through Amazon SES.
import { dltOf, type Provider } from './types';

/** SNS needs nothing of its own: the DLT fields come with the message. */
export type SnsSmsConfig = Record<string, never>;

export const snsSms: Provider<SnsSmsConfig> = {
  name: 'sns-sms',
  channel: 'sms',
  build(m) {
    const dlt = dltOf(m);
    const attribute = (value: string) => ({ DataType: 'String', StringValue: value });
    return {
      kind: 'sns',
      input: {
        PhoneNumber: m.to,
        Message: m.body,
        MessageAttributes: {
          'AWS.SNS.SMS.SMSType': attribute('Transactional'),
          'AWS.SNS.SMS.SenderID': attribute(dlt.header),
          'AWS.MM.SMS.EntityId': attribute(dlt.entityId),
          'AWS.MM.SMS.TemplateId': attribute(dlt.templateId),
        },
      },
    };
  },
  messageIdOf: (answer) => (answer as { MessageId?: string } | null)?.MessageId ?? null,
};

export interface SesEmailConfig {
  from: string;
  configurationSet: string | null;
}

export const sesEmail: Provider<SesEmailConfig> = {
  name: 'ses-email',
  channel: 'email',
  build(m, c) {
    return {
      kind: 'ses',
      input: {
        Source: c.from,
        Destination: { ToAddresses: [m.to] },
        Message: {
          Subject: { Data: m.subject ?? 'DockSaathi notification', Charset: 'UTF-8' },
          Body: { Text: { Data: m.body, Charset: 'UTF-8' } },
        },
        // The configuration set publishes delivery events to SNS (the SES callback).
        ...(c.configurationSet ? { ConfigurationSetName: c.configurationSet } : {}),
        // The SES events name the message and its tenant by these tags (ses-events.ts).
        Tags: [
          { Name: 'messageId', Value: m.id },
          { Name: 'tenantId', Value: m.tenantId },
        ],
      },
    };
  },
  messageIdOf: (answer) => (answer as { MessageId?: string } | null)?.MessageId ?? null,
};
