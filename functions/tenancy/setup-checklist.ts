// A new organisation's set-up checklist (issue #53): each step read from the domain that owns it, so
// a step is ticked exactly when what it stands for works (an SMS needs the DLT registration, a booking
// link needs doors and a facility, the gate device needs a gate account). The dashboard shows it until
// every step is done.
import { listDockDoors, listFacilities } from '../facilities';
import { messagingReadiness } from '../messaging';
import { hasAppointmentTypes } from '../appointment-types';
import { listCarriers } from '../carriers';
import { hasLinkInForce } from '../booking-links';
import { listUsers } from '../users';
import type { SetupChecklist, SetupStep } from '../../shared/contracts/tenancy-setup';
import { SETUP_STEPS } from '../../shared/contracts/tenancy-setup';

/** The role of the account a gate device signs in with (the gate screen, its offline kit). */
const GATE_ROLE = 'security_officer';

const anyOf = async (checks: Promise<boolean>[]) => (await Promise.all(checks)).some(Boolean);

export async function setupChecklist(tenantId: string, now = new Date()): Promise<SetupChecklist> {
  const facilities = (await listFacilities(tenantId)).filter((f) => f.isActive);
  const [messaging, doors, types, carriers, links, users] = await Promise.all([
    messagingReadiness(tenantId),
    anyOf(facilities.map(async (f) => (await listDockDoors(tenantId, f.id)).length > 0)),
    anyOf(facilities.map((f) => hasAppointmentTypes(tenantId, f.id))),
    listCarriers(tenantId),
    anyOf(facilities.map((f) => hasLinkInForce(tenantId, f.id, now))),
    listUsers(tenantId),
  ]);
  const done: Record<SetupStep, boolean> = {
    ...messaging,
    doors,
    appointmentTypes: types,
    carrier: carriers.length > 0,
    bookingLink: links,
    gateDevice: users.some((u) => u.role === GATE_ROLE && u.status === 'active'),
  };
  const steps = SETUP_STEPS.map((step) => ({ step, done: done[step] }));
  return { steps, complete: steps.every((s) => s.done) };
}
