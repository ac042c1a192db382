// The SMS channel: Amazon SNS, transactional (locally, the local outbox).
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { awsClientOptions } from '../../lib/aws';
import { isLocalMessaging, type Channel } from '../channel';
import { deliverLocally } from '../outbox';

let sns: SNSClient | undefined;

export const sms: Channel = {
  name: 'sms',
  async send(message, now) {
    if (isLocalMessaging()) return deliverLocally(message, now);
    sns ??= new SNSClient(awsClientOptions());
    await sns.send(new PublishCommand({ PhoneNumber: message.to, Message: message.text, MessageAttributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } } }));
  },
};
