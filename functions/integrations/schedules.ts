// One sync schedule per active system, at its syncFrequency (the design card: "integration syncs run
// on EventBridge schedules"). Deployed (SYNC_SCHEDULE_GROUP set): an EventBridge Scheduler schedule
// named after the system in the product's schedule group, invoking the sync Lambda with the system's
// tenant and id. Locally: the scheduler the local stack registers (functions/local/sync-schedules.ts);
// with none registered (most tests) a schedule change does nothing.
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
  type CreateScheduleCommandInput,
} from '@aws-sdk/client-scheduler';
import { awsClientOptions, endpointFor } from '../lib/aws';

export interface ScheduledSystem {
  tenantId: string;
  id: string;
  syncFrequency: number;
}

export interface SyncScheduler {
  put(system: ScheduledSystem): Promise<void>;
  remove(system: Pick<ScheduledSystem, 'tenantId' | 'id'>): Promise<void>;
}

let localScheduler: SyncScheduler | null = null;

/** The local stack's scheduler (null to stop using one). */
export function useLocalSyncScheduler(scheduler: SyncScheduler | null): void {
  localScheduler = scheduler;
}

export const scheduleName = (systemId: string) => `sync-${systemId}`;

/** EventBridge Scheduler's rate is in whole minutes (at least one). */
export const rateExpression = (seconds: number) => {
  const minutes = Math.max(1, Math.round(seconds / 60));
  return `rate(${minutes} ${minutes === 1 ? 'minute' : 'minutes'})`;
};

let client: SchedulerClient | undefined;
const scheduler = () => (client ??= new SchedulerClient({ ...awsClientOptions(), endpoint: endpointFor('SCHEDULER') }));

const awsScheduler: SyncScheduler = {
  async put(system) {
    const input: CreateScheduleCommandInput = {
      Name: scheduleName(system.id),
      GroupName: process.env.SYNC_SCHEDULE_GROUP,
      ScheduleExpression: rateExpression(system.syncFrequency),
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: {
        Arn: process.env.SYNC_TARGET_ARN,
        RoleArn: process.env.SYNC_SCHEDULER_ROLE_ARN,
        Input: JSON.stringify({ tenantId: system.tenantId, systemId: system.id }),
        RetryPolicy: { MaximumRetryAttempts: 0 },
      },
    };
    try {
      await scheduler().send(new CreateScheduleCommand(input));
    } catch (err) {
      if (!(err instanceof ConflictException)) throw err;
      await scheduler().send(new UpdateScheduleCommand(input));
    }
  },
  async remove(system) {
    try {
      await scheduler().send(
        new DeleteScheduleCommand({ Name: scheduleName(system.id), GroupName: process.env.SYNC_SCHEDULE_GROUP }),
      );
    } catch (err) {
      if (!(err instanceof ResourceNotFoundException)) throw err;
    }
  },
};

function current(): SyncScheduler | null {
  return process.env.SYNC_SCHEDULE_GROUP ? awsScheduler : localScheduler;
}

/** Makes the system's schedule match it: present at its frequency while active, absent otherwise. */
export async function applySchedule(system: ScheduledSystem & { isActive: boolean }): Promise<void> {
  const target = current();
  if (!target) return;
  if (system.isActive) await target.put(system);
  else await target.remove(system);
}

export async function removeSchedule(system: Pick<ScheduledSystem, 'tenantId' | 'id'>): Promise<void> {
  await current()?.remove(system);
}
