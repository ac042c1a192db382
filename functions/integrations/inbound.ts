// Inbound webhooks from an external system (POST /api/integrations/inbound/{systemId}), verified the
// Standard Webhooks way with the system's signing secret: a bad, missing or stale signature is a 401,
// a body that fails its contract is a 400; each refusal is logged (without the secret), nothing is
// written for it. `ping` is accepted and changes nothing; `appointment.requested` books through the
// same service as a booking, exactly once (a duplicate gets the first answer again), and logs the run.
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  UnauthorizedError,
} from '../lib/errors';
import { remainingMs } from '../lib/deadline';
import { logger } from '../lib/logger';
import { openSecret } from '../lib/secrets';
import { fieldErrors } from '../../shared/contracts/field-errors';
import { importAppointmentRequest, RecordError, type ImportedRequest } from './appointment-requests';
import {
  answerMessage,
  claimMessage,
  messageAnswerUpdate,
  releaseMessage,
  type InboundAnswer,
  type MessageClaim,
  type MessageRef,
} from './inbound.store';
import { verify, type VerifyFailure } from './signatures';
import { recordRun } from './sync';
import { findSystemAnyTenant, type SystemRecord } from './system.store';
import type { SyncLogRecord } from './sync-log.store';

export const inboundEventSchema = z.object({
  type: z.enum(['ping', 'appointment.requested'], { error: 'type must be ping or appointment.requested' }),
  timestamp: z.optional(z.string()),
  data: z.optional(z.unknown()),
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

export async function receiveInbound(
  systemId: string,
  message: InboundMessage,
  now = new Date(),
): Promise<InboundAnswer> {
  const headers = {
    id: message.headers['webhook-id'],
    timestamp: message.headers['webhook-timestamp'],
    signature: message.headers['webhook-signature'],
  };
  const refuse = (err: HttpError, reason: string) => {
    logger.warn('inbound webhook refused', {
      systemId,
      webhookId: headers.id?.slice(0, 100),
      reason,
      status: err.status,
    });
    return err;
  };
  const system = await findSystemAnyTenant(systemId);
  if (!system) throw refuse(new NotFoundError('Unknown system'), 'unknown system');
  if (!system.isActive) throw refuse(new ForbiddenError('This system is deactivated'), 'inactive');
  const failure = verify(await inboundSecretOf(system), headers, message.body, now);
  if (failure) throw refuse(new UnauthorizedError(REFUSALS[failure]), failure);
  if (headers.id!.length > 200)
    throw refuse(new BadRequestError('webhook-id is longer than 200 characters'), 'long id');

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

  return handleRequest(system, headers.id!, parsed.data.data, now, refuse);
}

/**
 * A delivery waits this long for another delivery of the same webhook-id to get its answer, and never
 * into the last KEEP_FOR_ANSWER_MS of its request's budget (docs/decisions.md); then it is a 409.
 */
const WAIT_FOR_FIRST_MS = 3_000;
const KEEP_FOR_ANSWER_MS = 1_000;
const RETRY_AFTER_SECONDS = 5;
const IN_PROGRESS = 'This webhook is still being processed. Retry in a few seconds.';

const bookedAnswer = (appointmentId: string): InboundAnswer => ({
  status: 201,
  body: { received: true, type: 'appointment.requested', result: 'created', appointmentId },
});

/** The stored answer, given again: a success as it was, a refusal as the same error. */
function replay(answer: InboundAnswer): InboundAnswer {
  if (answer.status >= 400) throw new HttpError(answer.status, String(answer.body.message));
  return answer;
}

async function claimOrWait(ref: MessageRef, token: string, now: Date): Promise<MessageClaim> {
  const until =
    Date.now() +
    Math.min(WAIT_FOR_FIRST_MS, (remainingMs() ?? WAIT_FOR_FIRST_MS + KEEP_FOR_ANSWER_MS) - KEEP_FOR_ANSWER_MS);
  for (;;) {
    const claim = await claimMessage(ref, token, now);
    if (claim.state !== 'in-progress' || Date.now() >= until) return claim;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * An appointment request, handled once per webhook-id and once per external id: a delivery claims
 * its webhook-id, books with the id's answer and the external id's mapping in the booking's own
 * transaction, and every later delivery (same webhook-id, or same external id under a new one) gets
 * that first answer again.
 */
async function handleRequest(
  system: SystemRecord,
  webhookId: string,
  data: unknown,
  now: Date,
  refuse: (err: HttpError, reason: string) => HttpError,
): Promise<InboundAnswer> {
  const ref: MessageRef = { tenantId: system.tenantId, systemId: system.id, webhookId };
  const token = randomUUID();
  const claim = await claimOrWait(ref, token, now);
  if (claim.state === 'answered') return replay(claim.answer);
  if (claim.state === 'in-progress')
    throw refuse(
      new HttpError(409, IN_PROGRESS, undefined, { 'retry-after': String(RETRY_AFTER_SECONDS) }),
      'in progress',
    );
  if (claim.state === 'seen') throw refuse(new ConflictError('This webhook-id was already received'), 'replay');

  const started = Date.now();
  let imported: ImportedRequest | null = null;
  let failed: RecordError | null = null;
  try {
    imported = await importAppointmentRequest(system, data, now, (appointmentId) => [
      messageAnswerUpdate(ref, token, bookedAnswer(appointmentId)),
    ]);
  } catch (err) {
    if (!(err instanceof RecordError)) {
      // Our failure, not theirs: unless the booking's transaction stored the answer, the sender's retry is handled afresh.
      await releaseMessage(ref, token);
      throw err;
    }
    failed = err;
  }
  const answer: InboundAnswer = failed
    ? { status: 422, body: { message: failed.message } }
    : bookedAnswer(imported!.appointmentId);
  if (!imported?.created) await answerMessage(ref, token, answer);
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
  return answer;
}
