// Inbound webhooks from an external system (POST /api/integrations/inbound/{systemId}), verified the
// Standard Webhooks way with the system's signing secret: a bad, missing or stale signature is a 401,
// a webhook-id is accepted once (a replay is a 409), a body that fails its contract is a 400; each
// refusal is logged (without the secret), nothing is written for it. `ping` is accepted and changes
// nothing; `appointment.requested` books through the same service as a booking and logs the run.
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { BadRequestError, ConflictError, ForbiddenError, HttpError, NotFoundError, UnauthorizedError } from '../lib/errors';
import { logger } from '../lib/logger';
import { openSecret } from '../lib/secrets';
import { fieldErrors } from '../../shared/contracts/field-errors';
import { importAppointmentRequest, RecordError } from './appointment-requests';
import { acceptMessageOnce, forgetMessage } from './inbound.store';
import { verify, type VerifyFailure } from './signatures';
import { recordRun } from './sync';
import { findSystemAnyTenant } from './system.store';
import type { SyncLogRecord } from './sync-log.store';

export const inboundEventSchema = z.object({
  type: z.enum(['ping', 'appointment.requested'], { error: 'type must be ping or appointment.requested' }),
  timestamp: z.string().optional(),
  data: z.unknown().optional(),
});

const REFUSALS: Record<VerifyFailure, string> = {
  MISSING_HEADERS: 'Missing webhook-id, webhook-timestamp or webhook-signature header',
  BAD_TIMESTAMP: 'webhook-timestamp must be a Unix time in seconds',
  STALE_TIMESTAMP: 'webhook-timestamp is more than 5 minutes away from now',
  BAD_SIGNATURE: 'Invalid webhook signature',
};

// Opened signing secrets of this instance, by their sealed form (a rotation seals a new one), so a
// burst of webhooks (or of forged ones) costs one KMS call, not one each.
const openedSecrets = new Map<string, string>();
async function inboundSecretOf(system: { tenantId: string; sealedInboundSecret: string }): Promise<string> {
  const known = openedSecrets.get(system.sealedInboundSecret);
  if (known) return known;
  const secret = await openSecret(system.tenantId, system.sealedInboundSecret);
  if (openedSecrets.size >= 500) openedSecrets.clear();
  openedSecrets.set(system.sealedInboundSecret, secret);
  return secret;
}

export interface InboundMessage {
  headers: Record<string, string | undefined>;
  body: string;
}

export async function receiveInbound(systemId: string, message: InboundMessage, now = new Date()): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers = { id: message.headers['webhook-id'], timestamp: message.headers['webhook-timestamp'], signature: message.headers['webhook-signature'] };
  const refuse = (err: HttpError, reason: string) => {
    logger.warn('inbound webhook refused', { systemId, webhookId: headers.id?.slice(0, 100), reason, status: err.status });
    return err;
  };
  const system = await findSystemAnyTenant(systemId);
  if (!system) throw refuse(new NotFoundError('Unknown system'), 'unknown system');
  if (!system.isActive) throw refuse(new ForbiddenError('This system is deactivated'), 'inactive');
  const failure = verify(await inboundSecretOf(system), headers, message.body, now);
  if (failure) throw refuse(new UnauthorizedError(REFUSALS[failure]), failure);
  if (headers.id!.length > 200) throw refuse(new BadRequestError('webhook-id is longer than 200 characters'), 'long id');

  let json: unknown;
  try {
    json = JSON.parse(message.body);
  } catch {
    throw refuse(new BadRequestError('Request body is not valid JSON'), 'not JSON');
  }
  const parsed = inboundEventSchema.safeParse(json);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw refuse(new BadRequestError(Object.values(errors)[0] ?? 'Invalid event', errors), 'contract');
  }
  if (parsed.data.type === 'ping') return { status: 200, body: { received: true, type: 'ping' } };

  if (!(await acceptMessageOnce(system.tenantId, system.id, headers.id!, now))) throw refuse(new ConflictError('This webhook-id was already received'), 'replay');
  const started = Date.now();
  let outcome: 'created' | 'unchanged' | null = null;
  let failed: RecordError | null = null;
  try {
    outcome = await importAppointmentRequest(system, parsed.data.data, now);
  } catch (err) {
    if (!(err instanceof RecordError)) {
      // Our failure, not theirs: the sender's retry with the same webhook-id must be accepted.
      await forgetMessage(system.tenantId, system.id, headers.id!);
      throw err;
    }
    failed = err;
  }
  const finished = new Date();
  const log: SyncLogRecord = {
    id: randomUUID(),
    tenantId: system.tenantId,
    systemId: system.id,
    endpointId: null,
    trigger: 'webhook',
    status: failed ? 'FAILED' : 'SUCCESS',
    startedAt: now.toISOString(),
    finishedAt: finished.toISOString(),
    recordsProcessed: 1,
    recordsSucceeded: failed ? 0 : 1,
    recordsFailed: failed ? 1 : 0,
    duration: Math.max(0, Date.now() - started),
    errorMessage: failed ? `${failed.externalId}: ${failed.message}` : null,
    failures: failed ? [{ externalId: failed.externalId, message: failed.message }] : [],
  };
  await recordRun(system, log, null, null);
  if (failed) throw refuse(new HttpError(422, failed.message), 'record refused');
  return { status: outcome === 'created' ? 201 : 200, body: { received: true, type: parsed.data.type, result: outcome } };
}
