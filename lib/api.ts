// The HTTP API: one Lambda per function name, every route of the route table wired to its function.
// Each function gets only the access it needs (FUNCTION_ACCESS).
import { Duration, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { CfnStage, HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Table } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus } from 'aws-cdk-lib/aws-events';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { FUNCTION_NAMES, ROUTES, type FunctionName } from '../shared/routes';

interface FunctionAccess {
  table: 'read' | 'readWrite';
  uploads?: 'read' | 'readWrite';
  events?: boolean;
  /** Sends e-mail (SES) and SMS (SNS). */
  messaging?: boolean;
}

export const FUNCTION_ACCESS: Record<FunctionName, FunctionAccess | null> = {
  platform: null,
  auth: { table: 'readWrite', events: true },
  facilities: { table: 'readWrite' },
  carriers: { table: 'readWrite' },
  appointments: { table: 'readWrite', events: true },
  operations: { table: 'readWrite', events: true },
  users: { table: 'readWrite', uploads: 'readWrite', messaging: true },
};

const ROOT = join(import.meta.dirname, '..');

export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly functions = new Map<FunctionName, NodejsFunction>();

  constructor(scope: Construct, id: string, props: { table: Table; uploads: Bucket; bus: EventBus; stage: string; allowedOrigins: string[] }) {
    super(scope, id);
    this.httpApi = new HttpApi(this, 'http-api', { description: 'DockSaathi API (served under /api through CloudFront)' });
    // Stage-wide throttling; per-user and per-guest limits are enforced in the handlers.
    const stage = this.httpApi.defaultStage?.node.defaultChild as CfnStage;
    stage.defaultRouteSettings = { throttlingBurstLimit: 200, throttlingRateLimit: 100 };

    const integrations = new Map<FunctionName, HttpLambdaIntegration>();
    for (const name of FUNCTION_NAMES) {
      const access = FUNCTION_ACCESS[name];
      const fn = new NodejsFunction(this, `${name}-function`, {
        entry: join(ROOT, 'functions', name, 'handler.ts'),
        handler: 'handler',
        runtime: Runtime.NODEJS_22_X,
        architecture: Architecture.ARM_64,
        memorySize: name === 'auth' ? 1024 : 512, // scrypt wants memory and CPU
        timeout: Duration.seconds(15),
        logGroup: new LogGroup(this, `${name}-logs`, { retention: RetentionDays.ONE_MONTH }),
        environment: {
          TABLE_NAME: props.table.tableName,
          UPLOADS_BUCKET: props.uploads.bucketName,
          EVENT_BUS_NAME: props.bus.eventBusName,
          STAGE: props.stage,
          ALLOWED_ORIGINS: props.allowedOrigins.join(','),
          NODE_OPTIONS: '--enable-source-maps',
        },
        bundling: { format: OutputFormat.CJS, target: 'node22', minify: true, sourceMap: true, forceDockerBundling: false },
      });
      if (access?.table === 'read') props.table.grantReadData(fn);
      if (access?.table === 'readWrite') props.table.grantReadWriteData(fn);
      if (access?.uploads === 'read') props.uploads.grantRead(fn);
      if (access?.uploads === 'readWrite') props.uploads.grantReadWrite(fn);
      if (access?.events) props.bus.grantPutEventsTo(fn);
      if (access?.messaging) {
        fn.addToRolePolicy(new PolicyStatement({ actions: ['ses:SendEmail'], resources: [`arn:aws:ses:${Stack.of(this).region}:${Stack.of(this).account}:identity/*`] }));
        // An SMS published straight to a phone number has no resource ARN to scope to.
        fn.addToRolePolicy(new PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }));
      }
      this.functions.set(name, fn);
      integrations.set(name, new HttpLambdaIntegration(`${name}-integration`, fn));
    }

    for (const route of ROUTES) {
      this.httpApi.addRoutes({ path: route.path, methods: [HttpMethod[route.method]], integration: integrations.get(route.fn)! });
    }
  }
}
