// The custom resource behind lib/smoke-account.ts: on the stack's create and update it makes the
// smoke test's account or brings it up to date (ensureSmokeAccount, idempotent), with the password
// the deploy generated into Secrets Manager (SMOKE_PASSWORD, resolved into the environment). On delete
// it leaves the account: the table outlives the stack in prod, and the account is harmless without it.
// CloudFormation waits for the answer PUT to the pre-signed ResponseURL, so every path answers.
import type { CloudFormationCustomResourceEvent, Context } from 'aws-lambda';
import { logger } from '../lib/logger';
import { ensureSmokeAccount } from './smoke-account';

async function answer(
  event: CloudFormationCustomResourceEvent,
  context: Context,
  status: 'SUCCESS' | 'FAILED',
  reason?: string,
) {
  const body = JSON.stringify({
    Status: status,
    Reason: reason ?? `See ${context.logStreamName}`,
    PhysicalResourceId: 'PhysicalResourceId' in event ? event.PhysicalResourceId : `smoke-account`,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
    Data: {},
  });
  const res = await fetch(event.ResponseURL, {
    method: 'PUT',
    headers: { 'content-type': '', 'content-length': String(Buffer.byteLength(body)) },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`CloudFormation did not take the answer: ${res.status}`);
}

export async function handler(event: CloudFormationCustomResourceEvent, context: Context): Promise<void> {
  try {
    if (event.RequestType !== 'Delete') {
      const password = process.env.SMOKE_PASSWORD;
      if (!password) throw new Error('SMOKE_PASSWORD is not set');
      const result = await ensureSmokeAccount(password);
      logger.info('smoke account ready', { ...result });
    }
    await answer(event, context, 'SUCCESS');
  } catch (err) {
    logger.error('smoke account failed', { err: err instanceof Error ? err.stack : String(err) });
    await answer(event, context, 'FAILED', err instanceof Error ? err.message : String(err));
  }
}
