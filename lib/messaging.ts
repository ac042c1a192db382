// Messaging beyond the route table and the worker registry (issue #15): the tenants' provider
// credentials are sealed with the secrets key (functions/lib/secrets.ts), so the messaging function
// (seals on save, opens to send) and the notifier (opens to send) get the key and its id; SES and SNS
// sending comes with their access (`messaging: true`, lib/access.ts). The event forwarder, the
// notifier (both on the table's stream, filtered to domain-event inserts) and the delay job (every 5
// minutes) are made by lib/workers.ts from functions/workers.ts.
import { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Key } from 'aws-cdk-lib/aws-kms';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { ConfigurationSet, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { UrlSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export const MESSAGING_WORKERS = ['messaging-notifier', 'messaging-delay-alerts', 'chat-inbox'] as const;

export interface MessagingProps {
  secretsKey: Key;
  /** The messaging HTTP function (lib/api.ts). */
  api: LambdaFunction;
  /** The workers that send (MESSAGING_WORKERS). */
  workers: LambdaFunction[];
  /** The public address providers call back on (the site's URL); without it no status callback is requested. */
  callbackBaseUrl?: string;
}

export class Messaging extends Construct {
  constructor(scope: Construct, id: string, props: MessagingProps) {
    super(scope, id);
    const environment: Record<string, string> = {
      SECRETS_KEY_ID: props.secretsKey.keyArn,
      ...(props.callbackBaseUrl ? { MESSAGING_CALLBACK_BASE_URL: props.callbackBaseUrl } : {}),
    };
    if (props.callbackBaseUrl) {
      // E-mail delivery status: SES publishes Delivery, Bounce and Reject events of the messages sent
      // with this configuration set to a topic that posts them to the SES callback (signature verified).
      const topic = new Topic(this, 'ses-events', {
        displayName: 'DockSaathi e-mail delivery events',
        enforceSSL: true,
      });
      const configurationSet = new ConfigurationSet(this, 'email-events');
      configurationSet.addEventDestination('to-sns', {
        destination: EventDestination.snsTopic(topic),
        events: [EmailSendingEvent.DELIVERY, EmailSendingEvent.BOUNCE, EmailSendingEvent.REJECT],
      });
      topic.addSubscription(
        new UrlSubscription(`${props.callbackBaseUrl.replace(/\/+$/, '')}/api/messaging/callbacks/ses`),
      );
      environment.SES_CONFIGURATION_SET = configurationSet.configurationSetName;
      environment.SES_EVENTS_TOPIC_ARN = topic.topicArn;
      const stack = Stack.of(this);
      const sendWithSet = new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [
          `arn:${stack.partition}:ses:${stack.region}:${stack.account}:configuration-set/${configurationSet.configurationSetName}`,
        ],
      });
      for (const fn of [props.api, ...props.workers]) fn.addToRolePolicy(sendWithSet);
    }
    props.secretsKey.grantEncryptDecrypt(props.api);
    for (const [name, value] of Object.entries(environment)) props.api.addEnvironment(name, value);
    for (const worker of props.workers) {
      props.secretsKey.grantDecrypt(worker);
      for (const [name, value] of Object.entries(environment)) worker.addEnvironment(name, value);
    }
  }
}
