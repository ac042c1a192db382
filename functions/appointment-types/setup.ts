// A facility's appointment types and booking fields (issue #32), set up by staff: a duration rule is
// checked on the facility's own slot grid, doors and types named must be the facility's, and every
// edit is made at the revision the form loaded.
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import type { Actor } from '../lib/audit';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { changeAtRevision, revisionOf } from '../lib/revision';
import { getFacility, listDockDoors, type Facility } from '../facilities';
import { deleteStored, getStored, listStored, putStored, type StoredField, type StoredType } from './setup.store';
import {
  durationRuleProblem,
  type AppointmentType,
  type appointmentTypeInputSchema,
  type BookingField,
  type bookingFieldInputSchema,
  type BookingSetup,
} from '../../shared/contracts/appointment-types';

type TypeInput = z.output<typeof appointmentTypeInputSchema>;
type FieldInput = z.output<typeof bookingFieldInputSchema>;

export const TYPE_NOT_FOUND = 'Appointment type not found';
export const FIELD_NOT_FOUND = 'Booking field not found';

export async function facilityIn(tenantId: string, facilityId: string): Promise<Facility> {
  const facility = await getFacility(tenantId, facilityId);
  if (!facility) throw new NotFoundError('Facility not found');
  return facility;
}

const typeView = ({ tenantId: _t, ...t }: StoredType): AppointmentType => ({ ...t, revision: revisionOf(t) });
const fieldView = ({ tenantId: _t, ...f }: StoredField): BookingField => ({ ...f, revision: revisionOf(f) });
const byName = (a: { name?: string; label?: string }, b: { name?: string; label?: string }) =>
  (a.name ?? a.label ?? '').localeCompare(b.name ?? b.label ?? '');

export async function bookingSetup(facility: Facility): Promise<BookingSetup> {
  const [types, fields] = await Promise.all([
    listStored('type', facility.tenantId, facility.id),
    listStored('field', facility.tenantId, facility.id),
  ]);
  return {
    facilityId: facility.id,
    slotMinutes: facility.slotMinutes,
    types: types.map(typeView).sort(byName),
    fields: fields.map(fieldView).sort(byName),
  };
}

async function checkType(facility: Facility, input: TypeInput) {
  const problem = durationRuleProblem(input.durationRule, facility.slotMinutes);
  if (problem) throw new BadRequestError(problem, { durationRule: problem });
  const doors = new Set((await listDockDoors(facility.tenantId, facility.id)).map((d) => d.id));
  if (input.doorIds.some((id) => !doors.has(id)))
    throw new BadRequestError('Dock door not found at this facility', {
      doorIds: 'Dock door not found at this facility',
    });
}

async function checkField(facility: Facility, input: FieldInput) {
  const types = new Set((await listStored('type', facility.tenantId, facility.id)).map((t) => t.id));
  if (input.typeIds.some((id) => !types.has(id)))
    throw new BadRequestError(TYPE_NOT_FOUND, { typeIds: TYPE_NOT_FOUND });
}

const unique = <T>(values: T[]) => [...new Set(values)];

type Kind = 'type' | 'field';
type Input<K extends Kind> = K extends 'type' ? TypeInput : FieldInput;
type View<K extends Kind> = K extends 'type' ? AppointmentType : BookingField;
type StoredOf<K extends Kind> = K extends 'type' ? StoredType : StoredField;

/** What differs between a type and a field: its view, its checks, its lists kept free of repeats, its 404. */
const KINDS: {
  [K in Kind]: {
    view: (stored: StoredOf<K>) => View<K>;
    check: (facility: Facility, input: Input<K>) => Promise<void>;
    tidy: (input: Input<K>) => Input<K>;
    missing: string;
  };
} = {
  type: {
    view: typeView,
    check: checkType,
    tidy: (t) => ({ ...t, doorIds: unique(t.doorIds), vehicleTypes: unique(t.vehicleTypes) }),
    missing: TYPE_NOT_FOUND,
  },
  field: {
    view: fieldView,
    check: checkField,
    tidy: (f) => ({ ...f, typeIds: unique(f.typeIds) }),
    missing: FIELD_NOT_FOUND,
  },
};

async function create<K extends Kind>(kind: K, facility: Facility, input: Input<K>, actor: Actor, now = new Date()) {
  const { view, check, tidy } = KINDS[kind];
  await check(facility, input);
  const after = {
    ...tidy(input),
    id: randomUUID(),
    tenantId: facility.tenantId,
    facilityId: facility.id,
    updatedAt: now.toISOString(),
  };
  return view((await putStored(kind, null, after as never, actor, now)) as StoredOf<K>);
}

function edit<K extends Kind>(
  kind: K,
  facility: Facility,
  id: string,
  input: Input<K>,
  seen: number | undefined,
  actor: Actor,
  now = new Date(),
) {
  const { view, check, tidy, missing } = KINDS[kind];
  return changeAtRevision({
    read: () => getStored(kind, facility.tenantId, facility.id, id) as Promise<StoredOf<K> | null>,
    seen,
    view,
    apply: async (before) => {
      if (!before) throw new NotFoundError(missing);
      await check(facility, input);
      const after = { ...before, ...tidy(input), updatedAt: now.toISOString() };
      return view((await putStored(kind, before as never, after as never, actor, now)) as StoredOf<K>);
    },
  });
}

function remove<K extends Kind>(
  kind: K,
  facility: Facility,
  id: string,
  seen: number | undefined,
  actor: Actor,
  now = new Date(),
) {
  const { view, missing } = KINDS[kind];
  return changeAtRevision({
    read: () => getStored(kind, facility.tenantId, facility.id, id) as Promise<StoredOf<K> | null>,
    seen,
    view,
    apply: async (before) => {
      if (!before) throw new NotFoundError(missing);
      await deleteStored(kind, before as never, actor, now);
    },
  });
}

export const createType = (facility: Facility, input: TypeInput, actor: Actor, now?: Date) =>
  create('type', facility, input, actor, now);
export const updateType = (
  facility: Facility,
  id: string,
  { revision, ...input }: TypeInput & { revision?: number },
  actor: Actor,
  now?: Date,
) => edit('type', facility, id, input, revision, actor, now);
export const deleteType = (facility: Facility, id: string, seen: number | undefined, actor: Actor, now?: Date) =>
  remove('type', facility, id, seen, actor, now);
export const createField = (facility: Facility, input: FieldInput, actor: Actor, now?: Date) =>
  create('field', facility, input, actor, now);
export const updateField = (
  facility: Facility,
  id: string,
  input: FieldInput,
  seen: number | undefined,
  actor: Actor,
  now?: Date,
) => edit('field', facility, id, input, seen, actor, now);
export const deleteField = (facility: Facility, id: string, seen: number | undefined, actor: Actor, now?: Date) =>
  remove('field', facility, id, seen, actor, now);
