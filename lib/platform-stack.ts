// The whole product in one stack: data, events, API, workers and web.
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { EventBus } from 'aws-cdk-lib/aws-events';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { Api } from './api';
import { Data } from './data';
import { Web } from './web';
import { Workers } from './workers';
import { Integrations } from './integrations';
import { Messaging, MESSAGING_WORKERS } from './messaging';
import { edgeWebAclArn, wafRequested } from './waf';
import { WORKERS, type WorkerDefinition } from '../functions/workers';

export interface PlatformStackProps extends StackProps {
  /** Origins allowed to call the API and upload to the bucket besides the CloudFront domain (e.g. a custom domain). */
  allowedOrigins?: string[];
  stage?: string;
  /** Where the built SPA is; defaults to web/dist. */
  distDir?: string;
  /** The workers to deploy; defaults to the registry (functions/workers.ts). */
  workers?: readonly WorkerDefinition[];
  /** AWS WAF on the distribution (lib/waf.ts); defaults to the `waf` context flag (`-c waf=true`), off. */
  waf?: boolean;
}

export class PlatformStack extends Stack {
  constructor(scope: Construct, id: string, props: PlatformStackProps = {}) {
    const waf = props.waf ?? wafRequested(scope);
    // The web ACL of a distribution outside us-east-1 comes from a stack there (lib/waf.ts).
    super(scope, id, { ...props, crossRegionReferences: props.crossRegionReferences ?? waf });
    const allowedOrigins =
      props.allowedOrigins ?? (this.node.tryGetContext('allowedOrigins') as string | undefined)?.split(',') ?? [];
    const data = new Data(this, 'data', { allowedOrigins: allowedOrigins.length ? allowedOrigins : ['*'] });
    const bus = new EventBus(this, 'events', { description: 'DockSaathi domain events' });
    const resources = { table: data.table, uploads: data.uploads, bus };
    // What the kernel reads at run time (functions/lib/config.ts), the same for every Lambda.
    const environment = {
      TABLE_NAME: data.table.tableName,
      UPLOADS_BUCKET: data.uploads.bucketName,
      EVENT_BUS_NAME: bus.eventBusName,
      STAGE: props.stage ?? 'prod',
      ALLOWED_ORIGINS: allowedOrigins.join(','),
    };
    // CloudFront proves to the API that it forwarded the viewer's address (functions/lib/client-address.ts).
    const originSecret = new Secret(this, 'origin-verify', {
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
    }).secretValue.unsafeUnwrap();
    const api = new Api(this, 'api', {
      ...resources,
      environment: { ...environment, ORIGIN_VERIFY_SECRET: originSecret },
    });
    const workers = new Workers(this, 'workers', { ...resources, environment, workers: props.workers ?? WORKERS });
    const webhookWorkers = ['integrations-webhooks', 'integrations-webhook-retries'].flatMap(
      (name) => workers.functions.get(name) ?? [],
    );
    const integrations = new Integrations(this, 'integrations', {
      ...resources,
      environment,
      api: api.functions.get('integrations')!,
      workers: webhookWorkers,
    });
    const messagingWorkers = MESSAGING_WORKERS.flatMap((name) => workers.functions.get(name) ?? []);
    new Messaging(this, 'messaging', {
      secretsKey: integrations.secretsKey,
      api: api.functions.get('messaging')!,
      workers: messagingWorkers,
      callbackBaseUrl: this.node.tryGetContext('publicUrl') as string | undefined,
    });
    // Gate compliance (#21): the gate function seals the tenants' ULIP passwords; the check-in paths and
    // the booking-hint worker open them to call ULIP.
    const gateOpeners = [
      api.functions.get('checkins')!,
      ...(workers.functions.get('gate-booking-hints') ? [workers.functions.get('gate-booking-hints')!] : []),
    ];
    integrations.secretsKey.grantEncryptDecrypt(api.functions.get('gate')!);
    for (const fn of gateOpeners) integrations.secretsKey.grantDecrypt(fn);
    // A deployed function that loads functions/lib/secrets.ts refuses to start without its key id (fail
    // closed), so every function gets it; only the ones that seal or open secrets are granted the key.
    for (const fn of [...api.functions.values(), ...workers.functions.values()])
      fn.addEnvironment('SECRETS_KEY_ID', integrations.secretsKey.keyArn);
    const webAclArn = waf ? edgeWebAclArn(this, props) : undefined;
    const web = new Web(this, 'web', {
      httpApi: api.httpApi,
      uploads: data.uploads,
      originSecret,
      webAclArn,
      distDir: props.distDir ?? join(import.meta.dirname, '..', 'web', 'dist'),
    });

    new CfnOutput(this, 'url', { value: `https://${web.distribution.distributionDomainName}` });
    new CfnOutput(this, 'table-name', { value: data.table.tableName });
    new CfnOutput(this, 'uploads-bucket', { value: data.uploads.bucketName });
  }
}
