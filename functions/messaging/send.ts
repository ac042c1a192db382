// Outgoing messages to people: email through SES, SMS through SNS. Locally (MESSAGING_MODE=local)
// every message goes to an outbox in the table instead, and to the local listener if one is set
// (`npm start` prints each message; tests set none, so they stay silent).
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { SendEmailCommand, SESClient } from '@aws-sdk/client-ses';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { logger } from '../lib/logger';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  body: string;
}

let ses: SESClient | undefined;
let sns: SNSClient | undefined;
const OUTBOX_PK = 'OUTBOX';

export type LocalMessage = OutgoingMessage & { sentAt: string };
let localListener: ((message: LocalMessage) => void) | undefined;

/** Locally, who hears of each message as it is sent besides the outbox (undefined: no one). */
export function onLocalMessage(listener: ((message: LocalMessage) => void) | undefined): void {
  localListener = listener;
}

export async function sendMessage(message: OutgoingMessage, now = new Date()): Promise<void> {
  if (process.env.MESSAGING_MODE === 'local') {
    await ddb().send(
      new PutCommand({
        TableName: config.tableName,
        Item: { PK: OUTBOX_PK, SK: `${now.toISOString()}#${randomUUID()}`, ...message, sentAt: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + 7 * 24 * 3600 },
      }),
    );
    logger.debug('message (local outbox)', { channel: message.channel, to: message.to, subject: message.subject, body: message.body });
    localListener?.({ ...message, sentAt: now.toISOString() });
    return;
  }
  if (message.channel === 'email') {
    ses ??= new SESClient({});
    await ses.send(
      new SendEmailCommand({
        Source: process.env.EMAIL_FROM ?? 'no-reply@docksaathi.in',
        Destination: { ToAddresses: [message.to] },
        Message: { Subject: { Data: message.subject ?? 'DockSaathi' }, Body: { Text: { Data: message.body } } },
      }),
    );
  } else {
    sns ??= new SNSClient({});
    await sns.send(new PublishCommand({ PhoneNumber: message.to, Message: message.body, MessageAttributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } } }));
  }
}

/** The local outbox, newest first (local stack and tests). */
export async function localOutbox(limit = 50): Promise<LocalMessage[]> {
  const res = await ddb().send(new QueryCommand({ TableName: config.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': OUTBOX_PK }, ScanIndexForward: false, Limit: limit }));
  return (res.Items ?? []) as LocalMessage[];
}
