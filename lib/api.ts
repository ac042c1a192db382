// The HTTP API: one Lambda per function name, every route of the route table wired to its function
// through one integration and one invoke permission per function (not one per route).
// Each function gets only the access it needs (FUNCTION_ACCESS), and lives in the API stack of its
// group (FUNCTION_GROUP) with its integration and its routes; the API itself is in a stack of its own.
import { Duration } from 'aws-cdk-lib';
import { CfnStage, HttpApi, HttpMethod, HttpRoute, HttpRouteKey, type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { ROUTES, type FunctionName } from '../shared/routes';
import { grantAccess, type FunctionAccess, type SharedResources } from './access';
import { productFunction } from './lambda';
import { stageConfig } from './stage';

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
  // Gate compliance settings and today's counts; the sealed ULIP password's KMS grant is in lib/platform.ts.
  gate: { table: 'readWrite' },
  // Where is my truck (#33): watch settings and the public reslot page (a reslot moves an appointment).
  trips: { table: 'readWrite', events: true },
  // A facility's reference policy, its PO list and ledgers: table items only.
  references: { table: 'readWrite' },
  // Field web vitals (#34): a day's counters per route, device class and metric, and the rate limit's.
  vitals: { table: 'readWrite' },
  // A driver's own data and erasures (#36): reads every domain's records of the person and rewrites them.
  privacy: { table: 'readWrite' },
  // A facility's appointment types and booking fields: table items only.
  'appointment-types': { table: 'readWrite' },
  // A facility's booking links (#32): its items, bookings through them (events), the link sent by SMS.
  'booking-links': { table: 'readWrite', events: true, messaging: true },
  // Standing appointments (#32): the series, its occurrences and the appointments it books: table items only.
  series: { table: 'readWrite' },
  // The WhatsApp webhook (#56): statuses and the inbox, table items only; the hubs' app secrets (KMS) in lib/platform.ts.
  chat: { table: 'readWrite' },
  // Detention (#57): terms, a truck's staff records and its evidence packs (with their verification records),
  // carriers' monthly statements and disputes; its domain events (detention.*, statement.issued) are table items.
  detention: { table: 'readWrite' },
  // The door plan's proposals (#58.2): reads the day, stores proposals, applies them (door changes, table items).
  planner: { table: 'readWrite' },
  // The holding queue (#58.3): a facility's holding area and its trucks' call states, table items only.
  holding: { table: 'readWrite' },
  // A platform carrier (#59): its records, its hubs' links, bookings at a hub (events), its people's sign-in codes.
  'carrier-identity': { table: 'readWrite', events: true },
};

/** The API stacks that hold the HTTP functions (lib/platform.ts), by what their domains serve. */
export const API_GROUPS = ['accounts', 'operations', 'bookings', 'warehouse'] as const;
export type ApiGroup = (typeof API_GROUPS)[number];

/**
 * The API stack of each function, with all of its routes. A route key can be in one stack only, and
 * stacks that do not depend on each other deploy in any order: moving a function to another group
 * fails the deploy that moves it, so a function keeps its group (a new domain joins one with room).
 */
export const FUNCTION_GROUP: Record<FunctionName, ApiGroup> = {
  // Signing in, organisations and their people, the public site, what is sent to people, their rights.
  platform: 'accounts',
  auth: 'accounts',
  users: 'accounts',
  tenancy: 'accounts',
  contact: 'accounts',
  messaging: 'accounts',
  privacy: 'accounts',
  // A platform carrier's people and its links with hubs (#59).
  'carrier-identity': 'accounts',
  // The dock and yard day: facilities, carriers, bookings (TMS ones too), the gate, check-in, the figures.
  facilities: 'operations',
  carriers: 'operations',
  appointments: 'operations',
  'appointment-types': 'operations',
  checkins: 'operations',
  yard: 'operations',
  gate: 'operations',
  trips: 'operations',
  insights: 'operations',
  vitals: 'operations',
  integrations: 'operations',
  // Carrier self-service bookings (#32), beside the operations stack, which has no room left under
  // CloudFormation's 200 resources: a facility's booking links and standing appointments.
  'booking-links': 'bookings',
  series: 'bookings',
  // A driver's bookings by WhatsApp (#56): the webhook.
  chat: 'bookings',
  // Dwell and detention (#57): the facilities' terms and the trucks' evidence, beside the carriers' bookings.
  detention: 'bookings',
  // The door plan's proposals (#58.2): three routes, beside the bookings (operations has no room left).
  planner: 'bookings',
  // The holding queue (#58.3): three routes, beside the door plan.
  holding: 'bookings',
  // The warehouse, and the POs it receives against.
  wms: 'warehouse',
  references: 'warehouse',
};

/** The HTTP API (served under /api through CloudFront), its routes added by each group's ApiFunctions. */
export function productHttpApi(scope: Construct): HttpApi {
  const httpApi = new HttpApi(scope, 'http-api', {
    description: 'DockSaathi API (served under /api through CloudFront)',
  });
  // Stage-wide throttling; per-user and per-guest limits are enforced in the handlers.
  const stage = httpApi.defaultStage?.node.defaultChild as CfnStage;
  stage.defaultRouteSettings = { throttlingBurstLimit: 200, throttlingRateLimit: 100 };
  // One access-log line per request (no query strings or headers: they may carry personal data).
  const { logRetention, dataRemoval } = stageConfig(scope);
  const accessLogs = new LogGroup(scope, 'http-api-access-logs', {
    retention: logRetention,
    removalPolicy: dataRemoval,
  });
  stage.accessLogSettings = {
    destinationArn: accessLogs.logGroupArn,
    format: JSON.stringify({
      requestId: '$context.requestId',
      time: '$context.requestTime',
      method: '$context.httpMethod',
      routeKey: '$context.routeKey',
      status: '$context.status',
      latencyMs: '$context.responseLatency',
      integrationError: '$context.integrationErrorMessage',
    }),
  };
  return httpApi;
}

export interface ApiFunctionsProps extends SharedResources {
  httpApi: IHttpApi;
  /** The functions to make, with their routes. */
  functions: readonly FunctionName[];
  environment: Record<string, string>;
}

/** The HTTP functions of one group, each with its integration and every route it serves. */
export class ApiFunctions extends Construct {
  readonly functions = new Map<FunctionName, NodejsFunction>();

  constructor(scope: Construct, id: string, props: ApiFunctionsProps) {
    super(scope, id);
    for (const name of props.functions) {
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
      const integration = new HttpLambdaIntegration(`${name}-integration`, fn, { scopePermissionToRoute: false });
      for (const route of ROUTES.filter((r) => r.fn === name)) {
        new HttpRoute(this, `${route.method}${route.path}`, {
          httpApi: props.httpApi,
          routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
          integration,
        });
      }
    }
  }
}
