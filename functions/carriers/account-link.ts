// Which carrier or driver record an approved account books for (issue #14.1). A driver's account is
// linked to a driver record, a carrier-side account (truck owner, transporter, booking roles without
// appointments:write) to a carrier: the one the administrator chose in the approval, else the record
// matched by licence, mobile number or e-mail, else a new one made from the registration. The link's
// writes are transaction items, so the approval writes them with the account in one transaction.
import { BadRequestError, ConflictError } from '../lib/errors';
import type { transact } from '../lib/dynamo';
import type { Actor } from '../lib/audit';
import {
  carrierPuts,
  driverLinkItems,
  driverPuts,
  getCarrier,
  getDriver,
  listCarriers,
  listDrivers,
  type Carrier,
  type Driver,
} from './carrier.store';
import type { AccountLink } from '../../shared/contracts/carriers';

export interface Applicant {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phoneNumber: string | null;
  companyName?: string | null;
  driverLicense?: string | null;
}

export interface LinkRequest {
  carrierId: string | null;
  driverId: string | null;
}

export interface PlannedLink {
  link: AccountLink;
  items: Parameters<typeof transact>[0];
}

const licenceKey = (v: string | null | undefined) => (v ? v.toUpperCase().replace(/[^A-Z0-9]/g, '') : '');
const phoneKey = (v: string | null | undefined) => (v ? v.replace(/\D/g, '').slice(-10) : '');
const same = (a: string, b: string) => a.length > 0 && a === b;
const fullName = (a: Applicant) => [a.firstName, a.lastName].filter(Boolean).join(' ') || a.email || 'Driver';

async function chosenCarrier(tenantId: string, carrierId: string): Promise<Carrier> {
  const carrier = await getCarrier(tenantId, carrierId);
  if (!carrier) throw new BadRequestError('The carrier to link was not found', { carrierId: 'Carrier not found' });
  return carrier;
}

/** A driver record of the carriers given whose licence or mobile number is the applicant's. */
async function matchDriver(
  tenantId: string,
  carriers: Carrier[],
  applicant: Applicant,
): Promise<{ driver: Driver; by: 'licence' | 'phone' } | null> {
  const lists = await Promise.all(carriers.map((c) => listDrivers(tenantId, c.id)));
  const drivers = lists.flat();
  const byLicence = drivers.find((d) => same(licenceKey(d.licenseNumber), licenceKey(applicant.driverLicense)));
  if (byLicence) return { driver: byLicence, by: 'licence' };
  const byPhone = drivers.find((d) => same(phoneKey(d.phone), phoneKey(applicant.phoneNumber)));
  return byPhone ? { driver: byPhone, by: 'phone' } : null;
}

/** The writes linking an existing driver record; refused when another account drives as it already. */
function linkExisting(tenantId: string, driver: Driver, applicant: Applicant, actor: Actor, now: Date) {
  if (driver.userId && driver.userId !== applicant.id)
    throw new ConflictError(`${driver.name} is already linked to another account`, {
      driverId: 'Already linked to another account',
    });
  return driverLinkItems(tenantId, driver, applicant.id, actor, now);
}

function newCarrier(tenantId: string, applicant: Applicant, actor: Actor, now: Date) {
  return carrierPuts(
    tenantId,
    {
      name: applicant.companyName || fullName(applicant),
      contactEmail: applicant.email,
      contactPhone: applicant.phoneNumber,
      gstin: null,
      serviceTypes: ['FTL'],
    },
    actor,
    {},
    now,
  );
}

function linkOf(carrier: Carrier, driver: Driver | null, how: AccountLink['how']): AccountLink {
  return {
    carrierId: carrier.id,
    carrierName: carrier.name,
    driverId: driver?.id ?? null,
    driverName: driver?.name ?? null,
    how,
  };
}

/** The driver record a driver's account is linked to, and the writes that make the link. */
export async function planDriverLink(
  tenantId: string,
  applicant: Applicant,
  request: LinkRequest,
  actor: Actor,
  now = new Date(),
): Promise<PlannedLink> {
  if (request.driverId) {
    if (!request.carrierId)
      throw new BadRequestError('Choose the carrier of the driver to link', { carrierId: 'Carrier is required' });
    const [carrier, driver] = await Promise.all([
      chosenCarrier(tenantId, request.carrierId),
      getDriver(tenantId, request.carrierId, request.driverId),
    ]);
    if (!driver)
      throw new BadRequestError('The driver does not drive for this carrier', {
        driverId: 'The driver does not drive for this carrier',
      });
    return { link: linkOf(carrier, driver, 'chosen'), items: linkExisting(tenantId, driver, applicant, actor, now) };
  }
  const carriers = request.carrierId
    ? [await chosenCarrier(tenantId, request.carrierId)]
    : await listCarriers(tenantId);
  const match = await matchDriver(tenantId, carriers, applicant);
  if (match) {
    const carrier = carriers.find((c) => c.id === match.driver.carrierId)!;
    return {
      link: linkOf(carrier, match.driver, match.by),
      items: linkExisting(tenantId, match.driver, applicant, actor, now),
    };
  }
  // No record yet: the driver is added to the chosen carrier, or (an owner-driver) to a carrier of their own.
  const created = request.carrierId ? null : newCarrier(tenantId, applicant, actor, now);
  const carrier = created?.carrier ?? carriers[0]!;
  const { driver, items } = driverPuts(
    tenantId,
    {
      carrierId: carrier.id,
      name: fullName(applicant),
      phone: applicant.phoneNumber,
      licenseNumber: applicant.driverLicense || 'Not given',
    },
    actor,
    { userId: applicant.id, carrierIsNew: Boolean(created) },
    now,
  );
  return { link: linkOf(carrier, driver, 'created'), items: [...(created?.items ?? []), ...items] };
}

/** The carrier a carrier-side account books for, and the writes (a new carrier) that make the link. */
export async function planCarrierLink(
  tenantId: string,
  applicant: Applicant,
  request: LinkRequest,
  actor: Actor,
  now = new Date(),
): Promise<PlannedLink> {
  if (request.driverId)
    throw new BadRequestError('Only a driver account is linked to a driver record', {
      driverId: 'Only a driver account is linked to a driver record',
    });
  if (request.carrierId)
    return { link: linkOf(await chosenCarrier(tenantId, request.carrierId), null, 'chosen'), items: [] };
  const carriers = await listCarriers(tenantId);
  const email = applicant.email?.toLowerCase() ?? '';
  const byEmail = carriers.find((c) => same(c.contactEmail ?? '', email));
  if (byEmail) return { link: linkOf(byEmail, null, 'email'), items: [] };
  const byPhone = carriers.find((c) => same(phoneKey(c.contactPhone), phoneKey(applicant.phoneNumber)));
  if (byPhone) return { link: linkOf(byPhone, null, 'phone'), items: [] };
  const { carrier, items } = newCarrier(tenantId, applicant, actor, now);
  return { link: linkOf(carrier, null, 'created'), items };
}
