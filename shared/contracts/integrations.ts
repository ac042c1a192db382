// External systems (TMS, WMS, ERP, custom), their endpoints, sync logs and monitoring (doc 2 §3, §5,
// §7); their outbound webhook subscriptions are in integrations-webhooks.ts. Secrets (authConfig, signing secrets) travel only in
// requests that set them and in the one answer that creates them; every read shows them masked.
import * as z from 'zod/mini';
import { changesSome, NOTHING_TO_CHANGE, optionalText, requiredText, seenRevision } from './fields';

export const SYSTEM_TYPES = ['TMS', 'WMS', 'ERP', 'CUSTOM'] as const;
export const AUTH_TYPES = ['API_KEY', 'BEARER_TOKEN', 'BASIC_AUTH', 'OAUTH2'] as const;
export type SystemType = (typeof SYSTEM_TYPES)[number];
export type AuthType = (typeof AUTH_TYPES)[number];

/** Doc 2 §9: sync frequency default 300 s. EventBridge Scheduler's finest rate is one minute. */
export const DEFAULT_SYNC_FREQUENCY = 300;
export const MIN_SYNC_FREQUENCY = 60;
export const MAX_SYNC_FREQUENCY = 86_400;

/** Connection status of a system (doc 2 §4); anything else is shown as unknown. */
export const CONNECTION_STATUSES = ['CONNECTED', 'ERROR', 'SYNCING'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
export const SYNC_STATUSES = ['SUCCESS', 'FAILED'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

export const ENDPOINT_METHODS = ['GET', 'POST'] as const;
/** What a sync does with an endpoint's records. */
export const ENDPOINT_PURPOSES = ['APPOINTMENT_REQUESTS', 'HEALTH_CHECK'] as const;
export type EndpointPurpose = (typeof ENDPOINT_PURPOSES)[number];

export const httpUrl = (message: string) =>
  z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, message),
    z.maxLength(500, 'Must be at most 500 characters'),
    z.refine((v) => {
      try {
        const url = new URL(v);
        return (
          (url.protocol === 'http:' || url.protocol === 'https:') &&
          Boolean(url.hostname) &&
          !url.username &&
          !url.password
        );
      } catch {
        return false;
      }
    }, 'Enter a valid http(s) URL, e.g. https://tms.example.com/api'),
  );

/** The credentials of each authentication type; the spec's form sends apiKey, username and password. */
export const authConfigSchema = z.strictObject({
  apiKey: z.optional(z.string().check(z.trim(), z.maxLength(2000))),
  headerName: z.optional(
    z
      .string()
      .check(z.trim(), z.maxLength(100), z.regex(/^[A-Za-z0-9-]*$/, 'Header name may hold letters, digits and dashes')),
  ),
  token: z.optional(z.string().check(z.trim(), z.maxLength(4000))),
  username: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  password: z.optional(z.string().check(z.maxLength(2000))),
  clientId: z.optional(z.string().check(z.trim(), z.maxLength(500))),
  clientSecret: z.optional(z.string().check(z.trim(), z.maxLength(2000))),
  tokenUrl: z.optional(z.string().check(z.trim(), z.maxLength(500))),
  scope: z.optional(z.string().check(z.trim(), z.maxLength(500))),
});
export type AuthConfig = z.output<typeof authConfigSchema>;

/** The fields each authentication type needs, checked once for create and edit. */
function authIssues(authType: AuthType | undefined, config: AuthConfig | undefined, ctx: z.core.$RefinementCtx) {
  if (!authType) return;
  const c = config ?? {};
  const need = (field: keyof AuthConfig, message: string) => {
    if (!c[field]) ctx.addIssue({ code: 'custom', path: ['authConfig', field], message });
  };
  if (authType === 'API_KEY') need('apiKey', 'API key is required');
  if (authType === 'BEARER_TOKEN') need('token', 'Bearer token is required');
  if (authType === 'BASIC_AUTH') {
    need('username', 'Username is required');
    need('password', 'Password is required');
  }
  if (authType === 'OAUTH2') {
    need('clientId', 'Client ID is required');
    need('clientSecret', 'Client secret is required');
    need('tokenUrl', 'Token URL is required');
    if (c.tokenUrl && !httpUrl('Token URL is required').safeParse(c.tokenUrl).success)
      ctx.addIssue({
        code: 'custom',
        path: ['authConfig', 'tokenUrl'],
        message: 'Enter a valid http(s) URL, e.g. https://tms.example.com/api',
      });
  }
}

const syncFrequency = z.coerce
  .number({ error: 'Sync frequency must be a number of seconds' })
  .check(
    z.int('Sync frequency must be a whole number of seconds'),
    z.gte(MIN_SYNC_FREQUENCY, `Sync frequency must be at least ${MIN_SYNC_FREQUENCY} seconds`),
    z.lte(MAX_SYNC_FREQUENCY, 'Sync frequency must be at most 86400 seconds (one day)'),
  );

const systemFields = {
  name: requiredText('System name is required', 120),
  systemType: z.enum(SYSTEM_TYPES, { error: 'System type is required' }),
  vendor: optionalText(120),
  baseUrl: httpUrl('Base URL is required'),
  authType: z.enum(AUTH_TYPES, { error: 'Authentication type is required' }),
  authConfig: z.optional(authConfigSchema),
  syncFrequency,
  isActive: z.boolean({ error: 'isActive must be true or false' }),
};

/** Add System (doc 2 §5): name, system type, base URL and authentication type are required. */
export const systemInputSchema = z
  .strictObject({
    ...systemFields,
    syncFrequency: z._default(syncFrequency, DEFAULT_SYNC_FREQUENCY),
    isActive: z._default(systemFields.isActive, true),
  })
  .check(z.superRefine((v, ctx) => authIssues(v.authType, v.authConfig, ctx)));
export type SystemInput = z.input<typeof systemInputSchema>;

/** Edit: only the fields sent; new credentials come with their authType. */
export const systemEditSchema = z
  .strictObject({
    name: z.optional(systemFields.name),
    systemType: z.optional(systemFields.systemType),
    // Left out = unchanged; empty = cleared.
    vendor: z.pipe(
      z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(120, 'Must be at most 120 characters')))),
      z.transform((v) => (v === undefined ? undefined : v || null)),
    ),
    baseUrl: z.optional(systemFields.baseUrl),
    authType: z.optional(systemFields.authType),
    authConfig: z.optional(authConfigSchema),
    syncFrequency: z.optional(syncFrequency),
    isActive: z.optional(systemFields.isActive),
    revision: seenRevision,
  })
  .check(
    z.refine(
      changesSome(['name', 'systemType', 'vendor', 'baseUrl', 'authType', 'authConfig', 'syncFrequency', 'isActive']),
      NOTHING_TO_CHANGE,
    ),
    z.refine((v) => (v.authConfig === undefined) === (v.authType === undefined), {
      message: 'Send the authentication type together with its credentials',
      path: ['authConfig'],
    }),
    z.superRefine((v, ctx) => authIssues(v.authType, v.authConfig, ctx)),
  );

export const endpointInputSchema = z.strictObject({
  name: requiredText('Endpoint name is required', 120),
  method: z._default(z.enum(ENDPOINT_METHODS, { error: 'Method must be GET or POST' }), 'GET'),
  endpoint: requiredText('Endpoint path is required', 300).check(
    z.refine((v) => v.startsWith('/') && !v.startsWith('//'), 'The path starts with / and is relative to the base URL'),
  ),
  purpose: z._default(
    z.enum(ENDPOINT_PURPOSES, { error: 'Purpose must be APPOINTMENT_REQUESTS or HEALTH_CHECK' }),
    'APPOINTMENT_REQUESTS',
  ),
  isActive: z._default(z.boolean({ error: 'isActive must be true or false' }), true),
});
export const endpointEditSchema = z
  .strictObject({
    name: z.optional(requiredText('Endpoint name is required', 120)),
    method: z.optional(z.enum(ENDPOINT_METHODS, { error: 'Method must be GET or POST' })),
    endpoint: z.optional(
      requiredText('Endpoint path is required', 300).check(
        z.refine(
          (v) => v.startsWith('/') && !v.startsWith('//'),
          'The path starts with / and is relative to the base URL',
        ),
      ),
    ),
    purpose: z.optional(z.enum(ENDPOINT_PURPOSES, { error: 'Purpose must be APPOINTMENT_REQUESTS or HEALTH_CHECK' })),
    isActive: z.optional(z.boolean({ error: 'isActive must be true or false' })),
  })
  .check(z.refine(changesSome(['name', 'method', 'endpoint', 'purpose', 'isActive']), NOTHING_TO_CHANGE));

export const syncRequestSchema = z.strictObject({
  endpointId: z.pipe(
    z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(64)))),
    z.transform((v) => v || null),
  ),
});

/** What a read shows of the credentials: which are set, secrets masked (last 4 characters at most). */
export interface MaskedAuthConfig {
  apiKey?: string;
  headerName?: string;
  token?: string;
  username?: string;
  password?: string;
  clientId?: string;
  clientSecret?: string;
  tokenUrl?: string;
  scope?: string;
}

export interface ExternalSystem {
  id: string;
  name: string;
  systemType: SystemType;
  vendor: string | null;
  baseUrl: string;
  authType: AuthType;
  authConfig: MaskedAuthConfig;
  syncFrequency: number;
  isActive: boolean;
  status: ConnectionStatus | null;
  lastSync: string | null;
  lastTest: { success: boolean; message: string; at: string } | null;
  createdAt: string;
  updatedAt: string;
  /** functions/lib/revision.ts: what an edit sends back as `revision`. */
  revision: number;
}

/** The answer that creates a system (or rotates its secret): the inbound signing secret, shown once. */
export interface ExternalSystemCreated extends ExternalSystem {
  inboundSecret: string;
}

export interface IntegrationEndpoint {
  id: string;
  systemId: string;
  name: string;
  method: (typeof ENDPOINT_METHODS)[number];
  endpoint: string;
  purpose: EndpointPurpose;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface SyncLog {
  id: string;
  systemId: string;
  endpointId: string | null;
  trigger: 'manual' | 'schedule' | 'webhook';
  status: SyncStatus;
  startedAt: string;
  finishedAt: string;
  recordsProcessed: number;
  recordsSucceeded: number;
  recordsFailed: number;
  duration: number;
  errorMessage: string | null;
}

export interface MonitoringStats {
  activeSystems: number;
  totalSystems: number;
  successfulSyncs: number;
  totalSyncs: number;
  /** Milliseconds, rounded. */
  avgSyncTime: number;
  /** Failed syncs in the last 24 hours. */
  failedSyncs: number;
}

export interface SystemStatus {
  systemId: string;
  systemName: string;
  status: ConnectionStatus | null;
  isActive: boolean;
  lastSync: string | null;
  syncCount: number;
  errorCount: number;
  /** Webhook subscriptions whose deliveries keep failing. */
  failingWebhooks: number;
}

export interface ConnectionTestResult {
  success: boolean;
  message: string;
}

export interface SyncResult {
  log: SyncLog;
}
