// The booking form of a booking link's page (issue #53): the guest booking's checks and, for the type
// chosen, what the server checks of its load (a per-pallet or per-unit type asks its count, up to its
// most) and of the custom fields carriers answer, by the same rules (shared/contracts/appointment-types),
// so the form says under each field what the server would refuse before it sends.
import * as z from 'zod/mini';
import { guestBookingSchema } from '@shared/contracts/appointments-guest';
import {
  fieldsAsked,
  fieldValueProblem,
  quantityProblem,
  type BookingSetup,
  type DurationUnit,
} from '@shared/contracts/appointment-types';

export function linkBookingSchema(setup: BookingSetup) {
  return guestBookingSchema.check(
    z.superRefine((booking, ctx) => {
      const type = booking.typeId ? setup.types.find((t) => t.id === booking.typeId) : undefined;
      const quantity = type ? quantityProblem(type.durationRule, booking.quantity) : null;
      if (quantity) ctx.addIssue({ code: 'custom', path: ['quantity'], message: quantity });
      // Absent when the record itself was refused (its own message stands): every asked field is then unanswered.
      const answers: Partial<typeof booking.fields> = booking.fields ?? {};
      for (const field of fieldsAsked(setup.fields, booking.typeId, 'carrier')) {
        const problem = fieldValueProblem(field, answers[field.id], 'carrier');
        if (problem) ctx.addIssue({ code: 'custom', path: ['fields', field.id], message: problem.en });
      }
    }),
  );
}

/** What the type counts its load in (it names the quantity field); null for no type or fixed minutes. */
export function unitOfType(setup: BookingSetup, typeId: string | null): DurationUnit | null {
  const rule = setup.types.find((t) => t.id === typeId)?.durationRule;
  return rule?.kind === 'per-unit' ? rule.unit : null;
}
