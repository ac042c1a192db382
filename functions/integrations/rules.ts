// The pure rules of integrations: what a read shows of a secret, the retry schedule of webhook
// deliveries, a system's connection status, and the shape of an appointment request a TMS sends.
// Unit-tested in test/unit/integrations-rules.test.ts.
import * as z from 'zod/mini';
import type { AuthConfig, ConnectionStatus, MaskedAuthConfig } from '../../shared/contracts/integrations';
import type { WebhookFailure } from '../../shared/contracts/integrations-webhooks';
import type { OutboundFailure } from '../lib/outbound';
import { dateString, optionalText, timeOfDay } from '../../shared/contracts/fields';

const MASK = '••••';
/** Fields of authConfig that are secrets (shown masked); the others are shown as they are. */
const SECRET_AUTH_FIELDS = new Set<keyof AuthConfig>(['apiKey', 'token', 'password', 'clientSecret']);

/** A secret as a read shows it: its last 4 characters when it is long enough to keep the rest hidden. */
export function maskSecret(value: string): string {
  return value.length >= 12 ? `${MASK}${value.slice(-4)}` : MASK;
}

export function maskAuthConfig(config: AuthConfig): MaskedAuthConfig {
  const out: MaskedAuthConfig = {};
  for (const [key, value] of Object.entries(config) as [keyof AuthConfig, string | undefined][]) {
    if (!value) continue;
    out[key] = SECRET_AUTH_FIELDS.has(key) ? maskSecret(value) : value;
  }
  return out;
}

/** Seconds before retry number `retry` (1-based) of a webhook delivery: 30 s, 1, 2, 4 ... minutes, at most an hour. */
export function retryDelaySeconds(retry: number): number {
  return Math.min(30 * 2 ** Math.max(0, retry - 1), 3600);
}

/**
 * Why an attempt failed, from the receiver's status or why no answer came; null for a 2xx. A 3xx is
 * a failure too: redirects are not followed, so the URL should be the one that answers.
 */
export function deliveryFailure(
  answer: { statusCode: number } | { unreachable: OutboundFailure },
): WebhookFailure | null {
  if ('unreachable' in answer) return answer.unreachable;
  const status = answer.statusCode;
  if (status >= 200 && status < 300) return null;
  if (status === 401 || status === 403) return 'UNAUTHORIZED';
  if (status === 404 || status === 410) return 'NOT_FOUND';
  if (status >= 500) return 'SERVER_ERROR';
  return 'UNEXPECTED_STATUS';
}

/** A system's connection status from its last sync or connection test; SYNCING while a run holds it. */
export function connectionStatus(system: {
  syncingSince: string | null;
  lastSyncStatus: string | null;
  lastSync: string | null;
  lastTest: { success: boolean; at: string } | null;
}): ConnectionStatus | null {
  if (system.syncingSince) return 'SYNCING';
  const test = system.lastTest;
  const latestIsTest = test && (!system.lastSync || test.at > system.lastSync);
  if (latestIsTest) return test.success ? 'CONNECTED' : 'ERROR';
  if (system.lastSyncStatus) return system.lastSyncStatus === 'SUCCESS' ? 'CONNECTED' : 'ERROR';
  return null;
}

/** How long a SYNCING claim holds before another run may take over (a run that died mid-way). */
export const SYNC_CLAIM_SECONDS = 15 * 60;

/**
 * An appointment request as a TMS sends it (a sync page's record or an inbound webhook's data): its
 * own id, where and when, and the carrier by our id or by name. Anything else is ignored.
 */
export const appointmentRequestSchema = z
  .object({
    id: z.pipe(
      z.pipe(
        z.union([z.string().check(z.trim(), z.minLength(1)), z.number()], { error: 'The record has no id' }),
        z.transform(String),
      ),
      z.string().check(z.maxLength(100, 'The record id is longer than 100 characters')),
    ),
    facilityId: z.optional(z.string().check(z.trim(), z.maxLength(64))),
    carrierId: z.optional(z.string().check(z.trim(), z.maxLength(64))),
    carrierName: z.optional(z.string().check(z.trim(), z.maxLength(120))),
    date: dateString('The record has no date'),
    timeStart: timeOfDay('The record has no start time'),
    timeEnd: timeOfDay('The record has no end time'),
    loadType: z._default(z.enum(['inbound', 'outbound'], { error: 'loadType must be inbound or outbound' }), 'inbound'),
    poNumber: optionalText(40),
    bolNumber: optionalText(40),
    palletCount: z.optional(z.number().check(z.int(), z.gte(0))),
    notes: optionalText(500),
  })
  .check(
    z.refine((r) => Boolean(r.carrierId || r.carrierName), {
      message: 'The record names no carrier (carrierId or carrierName)',
      path: ['carrierName'],
    }),
  );
export type AppointmentRequest = z.output<typeof appointmentRequestSchema>;

/** The external id a record carries, for the log of a record that fails its contract. */
export function recordIdOf(record: unknown): string {
  const id = record && typeof record === 'object' ? (record as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id).slice(0, 100) : '(no id)';
}

/** One page of a TMS listing: `{ data: [...], nextPage }` (or a bare array, a single page). */
export function pageOf(body: unknown): { records: unknown[]; nextPage: string | null } | null {
  if (Array.isArray(body)) return { records: body, nextPage: null };
  if (!body || typeof body !== 'object') return null;
  const { data, nextPage } = body as { data?: unknown; nextPage?: unknown };
  if (!Array.isArray(data)) return null;
  return {
    records: data,
    nextPage: typeof nextPage === 'number' || (typeof nextPage === 'string' && nextPage) ? String(nextPage) : null,
  };
}
