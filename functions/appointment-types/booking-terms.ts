// What an appointment type and the facility's booking fields ask of one booking (issue #32), for every
// path that books (staff, carrier, guest) and for slot search: the type and the load's duration, the
// answers checked and copied as the fields read now (a later edit of a field rewrites no booking), and
// the claims of unique answers, items of the booking's own transaction.
import { BadRequestError, ConflictError } from '../lib/errors';
import type { Facility } from '../facilities';
import { getStored, listStored, uniqueHolder, uniqueValueDelete, uniqueValuePut } from './setup.store';
import { TYPE_NOT_FOUND } from './setup';
import {
  fieldsAsked,
  fieldValueProblem,
  loadMinutes,
  quantityProblem,
  storedValue,
  type AppointmentType,
  type BookedField,
  type FieldAudience,
  type FieldValue,
} from '../../shared/contracts/appointment-types';

type TransactItem = ReturnType<typeof uniqueValuePut>;

export interface TypedLoad {
  type: AppointmentType;
  quantity: number | null;
  durationMinutes: number;
}

/** The type a request names and the minutes its load takes on the facility's grid (null: no type named). */
export async function typedLoad(
  facility: Facility,
  typeId: string | null | undefined,
  quantity: number | null | undefined,
): Promise<TypedLoad | null> {
  if (!typeId) return null;
  const stored = await getStored('type', facility.tenantId, facility.id, typeId);
  if (!stored) throw new BadRequestError(TYPE_NOT_FOUND, { typeId: TYPE_NOT_FOUND });
  const { tenantId: _t, ...type } = stored;
  const problem = quantityProblem(type.durationRule, quantity ?? null);
  if (problem) throw new BadRequestError(problem, { quantity: problem });
  return {
    type: { ...type, revision: type.revision ?? 0 },
    quantity: quantity ?? null,
    durationMinutes: loadMinutes(type.durationRule, quantity ?? null, facility.slotMinutes),
  };
}

export interface BookingAnswers {
  fields: BookedField[];
  /** Items for the booking's transaction: one claim per unique answer. */
  claims: TransactItem[];
  /** Why a claim failed in the transaction, read again. */
  explain: () => Promise<Error>;
}

const alreadyBooked = (label: string, value: string, reference: string) =>
  `${label}: ${value} is already booked on appointment ${reference}`;

/** Checks a booking's answers to the fields it is asked and gives what it stores and claims. */
export async function bookingAnswers(
  facility: Facility,
  typeId: string | null,
  values: Record<string, FieldValue>,
  audience: FieldAudience,
  appointment: { id: string; bookingReference: string },
): Promise<BookingAnswers> {
  const all = (await listStored('field', facility.tenantId, facility.id)).map((f) => ({
    ...f,
    revision: f.revision ?? 0,
  }));
  const asked = fieldsAsked(all, typeId, audience);
  const errors: Record<string, string> = {};
  for (const field of asked) {
    const problem = fieldValueProblem(field, values[field.id], audience);
    if (problem) errors[`fields.${field.id}`] = problem.en;
  }
  const unknown = Object.keys(values).filter((id) => !asked.some((f) => f.id === id));
  for (const id of unknown) errors[`fields.${id}`] = 'This field is not asked for this booking';
  const messages = Object.values(errors);
  if (messages.length) throw new BadRequestError(messages[0]!, errors);
  const fields: BookedField[] = [];
  const uniques: { fieldId: string; label: string; value: string }[] = [];
  for (const field of asked) {
    const value = values[field.id];
    if (value === undefined || value === null || value === '') continue;
    const stored = storedValue(field, value);
    fields.push({ fieldId: field.id, label: field.label, labelHi: field.labelHi, kind: field.kind, value: stored });
    if (field.uniquePerFacility) uniques.push({ fieldId: field.id, label: field.label, value: String(stored) });
  }
  const refusal = async () => {
    for (const u of uniques) {
      const holder = await uniqueHolder(facility.tenantId, facility.id, u.fieldId, u.value.toUpperCase());
      if (holder) {
        const message = alreadyBooked(u.label, u.value, holder.bookingReference);
        return new ConflictError(message, { [`fields.${u.fieldId}`]: message });
      }
    }
    return null;
  };
  const taken = await refusal();
  if (taken) throw taken;
  return {
    fields,
    claims: uniques.map((u) =>
      uniqueValuePut(facility.tenantId, facility.id, u.fieldId, u.value.toUpperCase(), appointment),
    ),
    explain: async () => (await refusal()) ?? new ConflictError('Please try again'),
  };
}

/** A unique answer's claim failed in the transaction (explained by `answersTransaction`). */
class AnswerTaken extends Error {}

/** A transaction's items (as `withDoor` gives them) with the answers' claims first. */
export function withAnswers(
  answers: BookingAnswers,
  [items, otherwise]: [TransactItem[] | readonly unknown[], (index: number) => Error],
): [never[], (index: number) => Error] {
  const own = answers.claims.length;
  return [
    [...answers.claims, ...items] as never[],
    (index) => (index < own ? new AnswerTaken() : otherwise(index - own)),
  ];
}

/** Runs a booking's transaction; a lost claim of a unique answer is answered with who holds it, read again. */
export async function answersTransaction<T>(answers: BookingAnswers, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AnswerTaken) throw await answers.explain();
    throw err;
  }
}

/**
 * The items that free the unique answers an appointment claimed (it was cancelled or a no-show), so
 * another booking may give them: each booked answer whose claim this appointment holds. An answer to
 * a field made unique after the booking claimed nothing, and frees nothing.
 */
export async function releaseAnswers(a: {
  tenantId: string;
  facilityId: string;
  id: string;
  fields?: readonly BookedField[];
}): Promise<ReturnType<typeof uniqueValueDelete>[]> {
  const answers = (a.fields ?? []).map((f) => ({ fieldId: f.fieldId, value: String(f.value).toUpperCase() }));
  const holders = await Promise.all(answers.map((f) => uniqueHolder(a.tenantId, a.facilityId, f.fieldId, f.value)));
  return answers
    .filter((_, i) => holders[i]?.appointmentId === a.id)
    .map((f) => uniqueValueDelete(a.tenantId, a.facilityId, f.fieldId, f.value, a.id));
}
