// The HTTP API: one Lambda per function name, every route of the route table wired to its function
// through one integration and one invoke permission per function (not one per route).
// Each function gets only the access it needs (FUNCTION_ACCESS).
import { Duration } from 'aws-cdk-lib';
import { CfnStage, HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { FUNCTION_NAMES, ROUTES, type FunctionName } from '../shared/routes';
import { grantAccess, type FunctionAccess, type SharedResources } from './access';
import { productFunction } from './lambda';

export const FUNCTION_ACCESS: Record<FunctionName, FunctionAccess | null> = {
  // The health check writes nothing, but the kernel reads the session of any request with a cookie.
  platform: { table: 'read' },
  auth: { table: 'readWrite', events: true },
  users: { table: 'readWrite', uploads: 'readWrite', messaging: true },
  // Organisation sign-up, invitations (messages), memberships and facility links (issue #18).
  tenancy: { table: 'readWrite', messaging: true },
  facilities: { table: 'readWrite' },
  carriers: { table: 'readWrite' },
  appointments: { table: 'readWrite', events: true },
  checkins: { table: 'readWrite', events: true },
  yard: { table: 'readWrite' },
  // Dashboard, analytics and reports only read (an insights request never changes data).
  insights: { table: 'read' },
  // Books appointments from TMS requests (events); KMS, Scheduler and its PassRole come from lib/integrations.ts.
  integrations: { table: 'readWrite', events: true },
  // Stores public contact inquiries and e-mails them to the tenant's inquiry address.
  contact: { table: 'readWrite', messaging: true },
  // The warehouse: its items, counters and 'goods.received' event items are all table writes.
  wms: { table: 'readWrite' },
  // Sends from the Messaging Center (SES, SNS); provider secrets (KMS) come from lib/messaging.ts.
  messaging: { table: 'readWrite', messaging: true },
  // Gate compliance settings and today's counts; the sealed ULIP password's KMS grant is in lib/integrations.ts.
  gate: { table: 'readWrite' },
};

export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly functions = new Map<FunctionName, NodejsFunction>();

  constructor(scope: Construct, id: string, props: SharedResources & { environment: Record<string, string> }) {
    super(scope, id);
    this.httpApi = new HttpApi(this, 'http-api', {
      description: 'DockSaathi API (served under /api through CloudFront)',
    });
    // Stage-wide throttling; per-user and per-guest limits are enforced in the handlers.
    const stage = this.httpApi.defaultStage?.node.defaultChild as CfnStage;
    stage.defaultRouteSettings = { throttlingBurstLimit: 200, throttlingRateLimit: 100 };

    const integrations = new Map<FunctionName, HttpLambdaIntegration>();
    for (const name of FUNCTION_NAMES) {
      const fn = productFunction(this, {
        name,
        entry: `functions/${name}/handler.ts`,
        memorySize: name === 'auth' ? 1024 : 512, // scrypt wants memory and CPU
        timeout: Duration.seconds(15),
        environment: props.environment,
      });
      grantAccess(fn, FUNCTION_ACCESS[name], props);
      this.functions.set(name, fn);
      // One API-wide invoke permission per function: a permission per route would add a resource for
      // each route and grow the function's resource policy towards its 20 KB limit.
      integrations.set(name, new HttpLambdaIntegration(`${name}-integration`, fn, { scopePermissionToRoute: false }));
    }

    for (const route of ROUTES) {
      this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: integrations.get(route.fn)!,
      });
    }
  }
}
