// The Lambda the EventBridge Scheduler schedules of the systems invoke (lib/integrations.ts), with
// { tenantId, systemId } as input.
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { observability } from '../lib/telemetry';
import { runScheduledSync } from './scheduled-sync';

interface ScheduledSyncInput {
  tenantId: string;
  systemId: string;
}

export const handler = middy<ScheduledSyncInput, void, Error, Context>()
  .use(observability<ScheduledSyncInput, void>(() => undefined))
  .handler(async (event) => {
    if (typeof event?.tenantId !== 'string' || typeof event.systemId !== 'string')
      throw new Error('Expected { tenantId, systemId }');
    await runScheduledSync(event.tenantId, event.systemId);
  });
