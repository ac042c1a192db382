// A yard move task written through the yard's store (issue #58.4), for the tests that need one without
// the door plan and the worker that make them (the authorisation matrix, tenant isolation).
import { randomUUID } from 'node:crypto';
import { createYardTask } from '../../functions/yard/yard-task.store';
import type { YardTask, YardTaskState } from '../../shared/contracts/yard';

/** A spot -> door move of trailer `assetId` to door `dockDoorId` in the given state; its id. */
export async function makeYardTask(
  tenantId: string,
  facilityId: string,
  state: YardTaskState,
  over: Partial<YardTask> = {},
): Promise<string> {
  const now = new Date().toISOString();
  const task: YardTask = {
    id: randomUUID(),
    tenantId,
    facilityId,
    kind: 'to_door',
    state,
    appointmentId: `test-${randomUUID().slice(0, 8)}`,
    assetId: `MH12YT${String(Math.floor(Math.random() * 9000) + 1000)}`,
    spotId: null,
    spotNumber: null,
    dockDoorId: 'test-door',
    doorNumber: 'T1',
    createdAt: now,
    startedAt: state === 'open' ? null : now,
    startedBy: state === 'open' ? null : 'test',
    doneAt: state === 'done' ? now : null,
    doneBy: state === 'done' ? 'test' : null,
    cancelledAt: state === 'cancelled' ? now : null,
    ...over,
  };
  if (!(await createYardTask(task))) throw new Error('yard task not made');
  return task.id;
}
