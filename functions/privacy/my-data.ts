// A driver's own data (issue #36): every record the tenant holds about the signed-in driver, read by
// key from each domain that holds some; its download as JSON and as a readable HTML page; the
// correction of name and licence. Each view and download goes to the access log.
import type { Actor } from '../lib/audit';
import { ConflictError, NotFoundError } from '../lib/errors';
import { getDriver, updateDriver, type Driver } from '../carriers';
import { listDriverAppointments } from '../appointments';
import { getAppointmentCheckin } from '../checkins';
import { messagesOfPerson } from '../messaging';
import { getTrips } from '../trips';
import { gateAnswersAbout } from '../gate';
import { consentHistory } from '../consent';
import type { SessionUser } from '../../shared/contracts/auth';
import type { AccessLogEntry, MyData } from '../../shared/contracts/privacy';
import type { z } from 'zod/mini';
import type { privacyCorrectionSchema } from '../../shared/contracts/privacy';
import { listErasureRequests, logAccess } from './privacy.store';
import { pseudonymOf } from './rules';
import { pseudonymKey } from './pseudonym-key';

/** The signed-in driver's own record; a signed-in account without one has no personal data here. */
export async function ownDriver(user: SessionUser): Promise<Driver> {
  if (!user.carrierId || !user.driverId) throw new ConflictError('No driver record is linked to this account');
  const driver = await getDriver(user.tenantId, user.carrierId, user.driverId);
  if (!driver) throw new NotFoundError('Driver not found');
  return driver;
}

export const personOf = (d: Pick<Driver, 'name' | 'phone' | 'licenseNumber'>) => ({
  name: d.name,
  phone: d.phone,
  licence: d.licenseNumber,
});

/** Records a view or download of a person's data by `user`. */
export const recordAccess = async (user: SessionUser, driverId: string, action: AccessLogEntry['action'], now: Date) =>
  logAccess(user.tenantId, {
    at: now.toISOString(),
    actorId: user.id,
    actorRole: user.role,
    action,
    subject: pseudonymOf(await pseudonymKey(user.tenantId), user.tenantId, driverId),
  });

export async function myData(user: SessionUser, action: 'viewed' | 'exported', now = new Date()): Promise<MyData> {
  const driver = await ownDriver(user);
  const appointments = await listDriverAppointments(user.tenantId, driver.id);
  const ids = appointments.map((a) => a.id);
  const [checkins, messages, trips, requests, consents, gateChecks] = await Promise.all([
    Promise.all(ids.map((id) => getAppointmentCheckin(user.tenantId, id))),
    messagesOfPerson(user.tenantId, driver.phone),
    getTrips(user.tenantId, ids),
    listErasureRequests(user.tenantId),
    consentHistory(user.tenantId, driver.phone),
    gateAnswersAbout(user.tenantId, driver.licenseNumber),
  ]);
  await recordAccess(user, driver.id, action, now);
  const present = <T>(items: (T | null | undefined)[]) => items.filter((i): i is T => Boolean(i));
  return {
    driver: {
      id: driver.id,
      carrierId: driver.carrierId,
      name: driver.name,
      phone: driver.phone ?? null,
      licenseNumber: driver.licenseNumber,
      preferredLanguage: driver.preferredLanguage ?? null,
      preferredChannels: driver.preferredChannels ?? [],
      createdAt: driver.createdAt,
      revision: driver.revision ?? 0,
    },
    appointments: appointments as unknown as Record<string, unknown>[],
    checkins: present(checkins) as unknown as Record<string, unknown>[],
    messages: messages as unknown as Record<string, unknown>[],
    gateChecks: gateChecks as unknown as Record<string, unknown>[],
    // Gate photos are not taken yet (no upload path stores them); the list is where they will appear.
    gatePhotos: [],
    trips: present(trips) as unknown as Record<string, unknown>[],
    consents: consents as unknown as Record<string, unknown>[],
    erasureRequests: requests.filter((r) => r.driverId === driver.id),
  };
}

/** The driver's correction of their own name and licence, from the revision their screen loaded. */
export async function correctMyData(
  user: SessionUser,
  edit: z.output<typeof privacyCorrectionSchema>,
  actor: Actor,
  now = new Date(),
) {
  const driver = await ownDriver(user);
  return updateDriver(user.tenantId, driver.carrierId, driver.id, edit, actor, now);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function table(rows: Record<string, unknown>[]): string {
  if (!rows.length) return '<p>—</p>';
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: unknown) =>
    escapeHtml(v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));
  return `<table><thead><tr>${columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${columns.map((c) => `<td>${cell(r[c])}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

/** The download as a page a person can read and print (every value escaped). */
export function myDataHtml(data: MyData, generatedAt: Date): string {
  const sections: [string, Record<string, unknown>[]][] = [
    ['Driver record', [data.driver]],
    ['Appointments', data.appointments],
    ['Check-ins', data.checkins],
    ['Messages', data.messages],
    ['Licence registry answers at the gate', data.gateChecks],
    ['Gate photos', data.gatePhotos],
    ['Trips and FASTag crossings', data.trips],
    ['Consents', data.consents],
    ['Erasure requests', data.erasureRequests as unknown as Record<string, unknown>[]],
  ];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>My data</title><style>body{font-family:sans-serif}table{border-collapse:collapse;font-size:12px}td,th{border:1px solid #ccc;padding:2px 4px;text-align:left;vertical-align:top}</style></head><body><h1>My data</h1><p>Generated ${escapeHtml(generatedAt.toISOString())}</p>${sections
    .map(([title, rows]) => `<h2>${escapeHtml(title)}</h2>${table(rows)}`)
    .join('')}</body></html>`;
}
