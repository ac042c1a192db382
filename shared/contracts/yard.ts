// Yard spots and their status (docs/architecture.md §1, yard).
import * as z from 'zod/mini';
import { optionalText } from './fields';

export const YARD_SPOT_STATUSES = ['empty', 'occupied', 'maintenance'] as const;
export const yardSpotStatusSchema = z
  .strictObject({
    status: z.enum(YARD_SPOT_STATUSES, { error: 'Status must be empty, occupied or maintenance' }),
    assetId: optionalText(40),
  })
  .check(
    z.refine((v) => v.status !== 'occupied' || Boolean(v.assetId), {
      message: 'An occupied spot needs the asset (vehicle) id',
      path: ['assetId'],
    }),
  );

// Yard moves as tasks (issue #58.4): at a hub where trailers are dropped, a trailer parked on a spot is
// moved to the door the plan gives it (to_door), and back to a spot when its door is released (to_spot).
export const YARD_TASK_KINDS = ['to_door', 'to_spot'] as const;
export type YardTaskKind = (typeof YARD_TASK_KINDS)[number];
/** open -> started -> done; open or started -> cancelled (by the plan: the door changed or the truck left). */
export const YARD_TASK_STATES = ['open', 'started', 'done', 'cancelled'] as const;
export type YardTaskState = (typeof YARD_TASK_STATES)[number];

export interface YardTask {
  id: string;
  tenantId: string;
  facilityId: string;
  kind: YardTaskKind;
  state: YardTaskState;
  appointmentId: string;
  /** The trailer: its vehicle number, else the booking reference (what its spot shows). */
  assetId: string;
  /** The spot it leaves (to_door) or is taken to (to_spot; the nearest free one when it is finished). */
  spotId: string | null;
  spotNumber: string | null;
  dockDoorId: string;
  doorNumber: string;
  createdAt: string;
  startedAt: string | null;
  startedBy: string | null;
  doneAt: string | null;
  doneBy: string | null;
  cancelledAt: string | null;
  revision?: number;
}

/** GET /api/facilities/{id}/yard-tasks: whether the hub drops trailers, its open and started moves, the last done. */
export interface YardTaskList {
  facilityId: string;
  dropTrailers: boolean;
  tasks: YardTask[];
}

/** A facility's yard settings: whether trucks drop their trailers in the yard (off: live unloading). */
export const yardSettingsSchema = z.strictObject({
  dropTrailers: z.boolean({ error: 'Say whether trailers are dropped in the yard' }),
});
export type YardSettings = z.output<typeof yardSettingsSchema>;
