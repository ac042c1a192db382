// An appointment's time window (start before end, on the quarter-hour grid, at most eight hours) and
// the staff override of a facility's change cut-off: shared by bookings and reschedules.
import * as z from 'zod/mini';
import { toMinutes } from '../time';

export const MAX_APPOINTMENT_MINUTES = 8 * 60;
export const BLOCK_MINUTES = 15;

/** Start before end, both on a quarter hour, at most eight hours apart. */
export function windowIssues(
  start: string | undefined,
  end: string | undefined,
  ctx: z.core.$RefinementCtx,
  endPath: string,
) {
  if (!start || !end || !/^\d{2}:\d{2}$/.test(start) || !/^\d{2}:\d{2}$/.test(end)) return;
  const s = toMinutes(start);
  const e = toMinutes(end);
  if (e <= s) ctx.addIssue({ code: 'custom', path: [endPath], message: 'End time must be after start time' });
  else if (s % BLOCK_MINUTES !== 0 || e % BLOCK_MINUTES !== 0)
    ctx.addIssue({
      code: 'custom',
      path: [endPath],
      message: 'Times must be on a quarter hour (:00, :15, :30 or :45)',
    });
  else if (e - s > MAX_APPOINTMENT_MINUTES)
    ctx.addIssue({ code: 'custom', path: [endPath], message: 'An appointment can be at most 8 hours long' });
}

/** Staff only: move or cancel inside the facility's change cut-off (audited). */
export const overrideCutoff = z._default(z.boolean({ error: 'Override must be true or false' }), false);
