// The product in AWS: one stack per layer, each far under CloudFormation's 500 resources a stack
// (test/cdk/stacks.test.ts keeps each under 200), referring to each other through exports the CDK
// makes, and deployed in their order by `cdk deploy --all`:
//   <name>-Data           the table, the uploads bucket, the event bus, the secrets key
//   <name>-Workers        the workers of functions/workers.ts, the integrations' scheduled sync, SES delivery events
//   <name>-Api            the HTTP API and the secret CloudFront proves itself to it with
//   <name>-Api-<Group>    the HTTP functions of a group of domains with their routes (FUNCTION_GROUP, lib/api.ts)
//   <name>-Web            the SPA behind CloudFront, /api/* to the API
//   <name>-Waf            with -c waf=true outside us-east-1: CloudFront's web ACL, in us-east-1 (lib/waf.ts)
//   <name>-Certificate    with -c domain= and no certificateArn outside us-east-1: the site's certificate there
//   <name>-Ops            the operations topic, the alarms, the dashboard and the budget (lib/monitoring.ts),
//                         and the smoke test's account (lib/smoke-account.ts)
// The stage (-c stage=dev|staging|prod, lib/stage.ts) names the app and sets retention, removal and
// thresholds; every stack is tagged project/stage/domain and checked by cdk-nag's AwsSolutions pack,
// its findings fixed or suppressed with a reason in lib/nag-suppressions.ts.
// Data comes first. The integrations and messaging functions are given the workers' schedule group,
// sync Lambda and SES topic, so the workers deploy before the API's functions; the web comes last.
import {
  App,
  CfnOutput,
  RemovalPolicy,
  Stack,
  Tags,
  Validations,
  type Environment,
  type StackProps,
} from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { EventBus } from 'aws-cdk-lib/aws-events';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { join } from 'node:path';
import { FUNCTION_NAMES, type FunctionName } from '../shared/routes';
import { WORKERS, type WorkerDefinition } from '../functions/workers';
import { API_GROUPS, ApiFunctions, FUNCTION_GROUP, productHttpApi, type ApiGroup } from './api';
import { Data } from './data';
import { Integrations } from './integrations';
import { Messaging, MESSAGING_WORKERS } from './messaging';
import { edgeWebAclArn, wafRequested } from './waf';
import { productFunctions } from './lambda';
import { Monitoring } from './monitoring';
import { NagSuppressions } from './nag-suppressions';
import { PROJECT, stageConfig } from './stage';
import { siteCertificate, Web } from './web';
import { Workers } from './workers';
import { SmokeAccount } from './smoke-account';

export interface PlatformProps {
  env?: Environment;
  /** Origins allowed to call the API and upload to the bucket besides the CloudFront domain (e.g. a custom domain). */
  allowedOrigins?: string[];
  /** Where the built SPA is; defaults to web/dist. */
  distDir?: string;
  /** The workers to deploy; defaults to the registry (functions/workers.ts). */
  workers?: readonly WorkerDefinition[];
  /** AWS WAF on the distribution (lib/waf.ts); defaults to the `waf` context flag (`-c waf=true`), off. */
  waf?: boolean;
  /** Leaves cdk-nag out of the synth (the nag test runs the pack itself to list every finding). */
  skipNag?: boolean;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export class Platform {
  readonly data: Stack;
  readonly workers: Stack;
  readonly api: Stack;
  readonly apiGroups: Record<ApiGroup, Stack>;
  readonly web: Stack;
  readonly ops: Stack;
  readonly monitoring: Monitoring;
  readonly nagSuppressions: NagSuppressions;
  /** CloudFront's web ACL in us-east-1, when WAF is on and the app is deployed elsewhere. */
  readonly waf?: Stack;

  constructor(app: App, name: string, props: PlatformProps = {}) {
    // First: a wrong stage or context value stops the synth before anything is made.
    const config = stageConfig(app);
    const waf = props.waf ?? wafRequested(app);
    const stack = (layer: string, holds: string, extra: Partial<StackProps> = {}) =>
      new Stack(app, `${name}-${layer}`, { env: props.env, description: `DockSaathi: ${holds}`, ...extra });
    const siteOrigin = config.domain ? [`https://${config.domain.name}`] : [];
    const allowedOrigins = [
      ...(props.allowedOrigins ?? (app.node.tryGetContext('allowedOrigins') as string | undefined)?.split(',') ?? []),
      ...siteOrigin,
    ];

    this.data = stack('Data', 'the table, the uploads bucket, the event bus and the secrets key');
    const data = new Data(this.data, 'data', {
      allowedOrigins: allowedOrigins.length ? allowedOrigins : ['*'],
      removalPolicy: config.dataRemoval,
    });
    const bus = new EventBus(this.data, 'events', { description: 'DockSaathi domain events' });
    // Retained: deleting the key would make every sealed credential unreadable for good.
    const secretsKey = new Key(this.data, 'secrets-key', {
      description: 'DockSaathi tenant secrets (integration credentials, signing secrets)',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    new CfnOutput(this.data, 'table-name', { value: data.table.tableName });
    new CfnOutput(this.data, 'uploads-bucket', { value: data.uploads.bucketName });
    const resources = { table: data.table, uploads: data.uploads, bus };
    // What the kernel reads at run time (functions/lib/config.ts), the same for every Lambda.
    const environment = {
      TABLE_NAME: data.table.tableName,
      UPLOADS_BUCKET: data.uploads.bucketName,
      EVENT_BUS_NAME: bus.eventBusName,
      STAGE: config.stage,
      ALLOWED_ORIGINS: allowedOrigins.join(','),
    };

    this.workers = stack('Workers', 'the workers (streams, queues, schedules) and the scheduled integration syncs');
    const workers = new Workers(this.workers, 'workers', {
      ...resources,
      environment,
      workers: props.workers ?? WORKERS,
    });

    this.api = stack('Api', 'the HTTP API');
    const httpApi = productHttpApi(this.api);
    // CloudFront proves to the API that it forwarded the viewer's address (functions/lib/client-address.ts).
    const originSecret = new Secret(this.api, 'origin-verify', {
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
    }).secretValue.unsafeUnwrap();
    const api = new Map<FunctionName, NodejsFunction>();
    this.apiGroups = Object.fromEntries(
      API_GROUPS.map((group) => {
        const groupStack = stack(`Api-${capitalised(group)}`, `the HTTP functions of the ${group} domains`);
        const functions = new ApiFunctions(groupStack, 'api', {
          ...resources,
          httpApi,
          functions: FUNCTION_NAMES.filter((fn) => FUNCTION_GROUP[fn] === group),
          environment: { ...environment, ORIGIN_VERIFY_SECRET: originSecret },
        });
        for (const [fn, lambda] of functions.functions) api.set(fn, lambda);
        return [group, groupStack];
      }),
    ) as Record<ApiGroup, Stack>;
    const httpFunction = (fn: FunctionName) => api.get(fn)!;
    const workerFunctions = (names: readonly string[]) => names.flatMap((n) => workers.functions.get(n) ?? []);

    new Integrations(this.workers, 'integrations', {
      ...resources,
      environment,
      secretsKey,
      scheduleGroupName: `${name}-integration-syncs`,
      api: httpFunction('integrations'),
      workers: workerFunctions(['integrations-webhooks', 'integrations-webhook-retries']),
    });
    new Messaging(this.workers, 'messaging', {
      secretsKey,
      api: httpFunction('messaging'),
      workers: workerFunctions(MESSAGING_WORKERS),
      callbackBaseUrl: app.node.tryGetContext('publicUrl') as string | undefined,
    });
    // Gate compliance (#21): the gate function seals the tenants' ULIP passwords; the check-in paths and
    // the booking-hint worker open them to call ULIP.
    secretsKey.grantEncryptDecrypt(httpFunction('gate'));
    for (const fn of [httpFunction('checkins'), ...workerFunctions(['gate-booking-hints'])])
      secretsKey.grantDecrypt(fn);
    // WhatsApp conversations (#56): the webhook opens the hub's app secret to check each POST's signature.
    secretsKey.grantDecrypt(httpFunction('chat'));
    // Where is my truck (#33): the watch opens the ULIP password and seals the reslot signing key; the
    // public reslot page opens it.
    for (const fn of workerFunctions(['trips-watch'])) secretsKey.grantEncryptDecrypt(fn);
    secretsKey.grantDecrypt(httpFunction('trips'));
    // Sign-in codes (#52): the auth function makes and opens the code-hashing key and seals each code;
    // the sender opens the code to send it.
    secretsKey.grantEncryptDecrypt(httpFunction('auth'));
    for (const fn of workerFunctions(['auth-sign-in-codes'])) secretsKey.grantDecrypt(fn);
    // The holding area's call forward (#58.3): its worker tells a driver who missed the call through the hub's provider.
    for (const fn of workerFunctions(['holding-call-forward'])) secretsKey.grantDecrypt(fn);
    // A deployed function that loads functions/lib/secrets.ts refuses to start without its key id (fail
    // closed), so every function gets it; only the ones that seal or open secrets are granted the key.
    for (const fn of [...api.values(), ...workers.functions.values()])
      fn.addEnvironment('SECRETS_KEY_ID', secretsKey.keyArn);

    // The web ACL of a distribution outside us-east-1 comes from a stack there (lib/waf.ts).
    const certificateStackId = `${name}-Certificate`;
    this.web = stack('Web', 'the web app behind CloudFront, /api/* to the HTTP API', {
      crossRegionReferences: waf || (config.domain !== undefined && !config.domain.certificateArn),
    });
    const webAclArn = waf ? edgeWebAclArn(this.web, { env: props.env, wafStackId: `${name}-Waf` }) : undefined;
    this.waf = app.node.tryFindChild(`${name}-Waf`) as Stack | undefined;
    const domain = config.domain && {
      name: config.domain.name,
      certificate: siteCertificate(this.web, {
        env: props.env,
        certificateStackId,
        domainName: config.domain.name,
        certificateArn: config.domain.certificateArn,
      }),
    };
    const web = new Web(this.web, 'web', {
      httpApi,
      uploads: data.uploads,
      originSecret,
      webAclArn,
      accessLogs: data.accessLogs,
      domain,
      distDir: props.distDir ?? join(import.meta.dirname, '..', 'web', 'dist'),
    });
    // The site goes live once every route it sends to the API has its function.
    for (const groupStack of Object.values(this.apiGroups))
      this.web.addStackDependency(groupStack, 'the routes /api/* sends to');
    new CfnOutput(this.web, 'url', {
      value: domain ? `https://${domain.name}` : `https://${web.distribution.distributionDomainName}`,
    });
    if (domain)
      new CfnOutput(this.web, 'dns-target', {
        value: web.distribution.distributionDomainName,
        description: `Point ${domain.name} here (CNAME, or an alias record in Route 53)`,
      });

    this.ops = stack('Ops', "the operations topic, alarms, dashboard and budget, and the smoke test's account");
    // The post-deploy smoke test's account and the API's own address (lib/smoke-account.ts, npm run smoke).
    new SmokeAccount(this.ops, 'smoke-account', {
      ...resources,
      httpApi,
      stage: config.stage,
      environment: { ...environment, SECRETS_KEY_ID: secretsKey.keyArn },
    });
    this.monitoring = new Monitoring(this.ops, 'monitoring', {
      appName: name,
      config,
      httpApi,
      functions: productFunctions(app),
      deadLetterQueues: workers.deadLetterQueues,
      streamWorkers: workers.streamWorkers,
      table: data.table,
    });
    new CfnOutput(this.ops, 'operations-topic', { value: this.monitoring.topic.topicArn });

    const certificateStack = app.node.tryFindChild(certificateStackId) as Stack | undefined;
    const layers: [Stack | undefined, string][] = [
      [this.data, 'data'],
      [this.workers, 'workers'],
      [this.api, 'api'],
      ...API_GROUPS.map((group): [Stack, string] => [this.apiGroups[group], group]),
      [this.web, 'web'],
      [this.waf, 'web'],
      [certificateStack, 'web'],
      [this.ops, 'operations'],
    ];
    for (const [layer, domainTag] of layers) {
      if (!layer) continue;
      Tags.of(layer).add('project', PROJECT);
      Tags.of(layer).add('stage', config.stage);
      Tags.of(layer).add('domain', domainTag);
    }
    // Any finding not suppressed in lib/nag-suppressions.ts stops the synth (and so the deploy).
    this.nagSuppressions = new NagSuppressions(app);
    if (!props.skipNag) Validations.of(app).addPlugins(this.nagSuppressions, new AwsSolutionsChecks(app));
  }
}
