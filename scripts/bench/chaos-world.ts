// The world the chaos run (scripts/bench/chaos.ts) works in, made with faults off: the accounts, the
// facilities and their links, the warehouse places, the trucks due at the gate, an external system
// that posts webhooks to us and a receiver of ours that takes our webhooks.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, fromMinutes, localDateTime } from '../../shared/time';
import { DEMO_FACILITY_ID, DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { chaosClient, type Answer, type Send, type Told } from './chaos-client';

export const CHAOS_PASSWORD = 'Demo@12345';

/** What our receiver of outbound webhooks was sent: each request's webhook-id and its payload. */
export interface Received {
  webhookId: string;
  payload: { type?: string; data?: { appointmentId?: string } } | null;
}

export interface ChaosWorld {
  base: string;
  operations: Send;
  yard: Send;
  /** The carrier's own account (a truck owner of Deccan), booking in the carrier portal. */
  carrier: Send;
  /** The demo facility's doors (staff bookings, walk-ins). */
  doors: string[];
  /** A facility of the run's own that guests book through its link: 3 places a slot. */
  guestFacility: { id: string; link: string; capacity: number };
  /** A booking link of the guest facility (its token and access code). */
  bookingLink: { id: string; token: string; code: string };
  /** A facility where it is 10:xx now, open round the clock: its trucks are due at the gate today. */
  gateHub: { id: string; timeZone: string; today: string };
  /** An external system that posts appointment requests to us, signed with its secret. */
  inbound: { systemId: string; secret: string };
  /** Our subscription to departures, and what its receiver was sent. */
  outbound: { systemId: string; webhookId: string; received: Received[] };
  today: string;
  /** Stops the receiver. */
  close: () => Promise<void>;
}

export const expectCreated = (what: string, a: Answer) => {
  if (a.status !== 200 && a.status !== 201) throw new Error(`${what}: HTTP ${a.status} ${JSON.stringify(a.body)}`);
  return a.body;
};

/** The whole-hour time zone in which it is 10:xx now (Etc/GMT-N is N hours ahead of UTC). */
function zoneAtTenNow(now = new Date()): string {
  let offset = (10 - now.getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/** A receiver of our outbound webhooks on loopback: records every request, answers 204. */
async function webhookReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      let payload: Received['payload'] = null;
      try {
        payload = JSON.parse(body) as Received['payload'];
      } catch {
        // not JSON: kept as null
      }
      received.push({ webhookId: String(req.headers['webhook-id'] ?? ''), payload });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A truck owner's account of Deccan (the carrier portal), made in the table as registration's approval would. */
async function carrierAccount(base: string, tag: string): Promise<Send> {
  const [{ createUser }, { hashPassword }] = await Promise.all([
    import('../../functions/users'),
    import('../../functions/lib/passwords'),
  ]);
  const username = `chaos-carrier-${tag.toLowerCase()}`;
  await createUser(
    {
      tenantId: DEMO_TENANT_ID,
      username,
      email: null,
      phoneNumber: `+9196${String(Date.now() % 1e8).padStart(8, '0')}`,
      firstName: 'Chaos',
      lastName: 'Carrier',
      profileImageUrl: null,
      role: 'truck_owner',
      extraRoles: [],
      userType: 'external_user',
      status: 'active',
      isVerified: true,
      passwordHash: await hashPassword(CHAOS_PASSWORD),
      carrierId: 'carrier-deccan',
      profile: {},
    },
    null,
  );
  return chaosClient(base, username);
}

export async function prepareChaos(base: string): Promise<ChaosWorld> {
  const [operations, yard, admin] = await Promise.all([
    chaosClient(base, 'operations'),
    chaosClient(base, 'yard_manager'),
    chaosClient(base, 'admin'),
  ]);
  const { listDockDoors } = await import('../../functions/facilities');
  const doors = (await listDockDoors(DEMO_TENANT_ID, DEMO_FACILITY_ID))
    .filter((d) => d.status !== 'maintenance')
    .map((d) => d.id);
  const tag = Date.now().toString(36).slice(-5).toUpperCase();
  const carrier = await carrierAccount(base, tag);
  const facility = expectCreated(
    'guest facility',
    await operations('POST', '/api/facilities', {
      name: `Chaos Guest Hub ${tag}`,
      address: 'Plot 9, Chakan MIDC',
      city: 'Pune',
      state: 'Maharashtra',
      zipCode: '410501',
      operatingHoursStart: '06:00',
      operatingHoursEnd: '20:00',
      timeZone: 'Asia/Kolkata',
      slotMinutes: 60,
      slotCapacity: 3,
    }),
  );
  const link = expectCreated('guest link', await operations('GET', `/api/facilities/${facility.id}/link`));
  const made = expectCreated(
    'booking link',
    await operations('POST', '/api/booking-links', { facilityId: facility.id, label: `Chaos link ${tag}` }),
  );
  const timeZone = zoneAtTenNow();
  const hub = expectCreated(
    'gate hub',
    await operations('POST', '/api/facilities', {
      name: `Chaos Gate Hub ${tag}`,
      address: 'Plot 2, Chakan MIDC',
      operatingHoursStart: '00:00',
      operatingHoursEnd: '23:45',
      timeZone,
    }),
  );
  const system = expectCreated(
    'external system',
    await admin('POST', '/api/integrations/systems', {
      name: `Chaos TMS ${tag}`,
      systemType: 'TMS',
      baseUrl: 'http://127.0.0.1:9',
      authType: 'API_KEY',
      authConfig: { apiKey: 'chaos-api-key' },
    }),
  );
  const receiver = await webhookReceiver();
  const subscription = expectCreated(
    'webhook subscription',
    await admin('POST', `/api/integrations/systems/${system.id}/webhooks`, {
      eventType: 'appointment.departed',
      webhookUrl: `${receiver.url}/webhooks`,
      timeoutSeconds: 5,
      retryCount: 3,
    }),
  );
  return {
    base,
    operations,
    yard,
    carrier,
    doors,
    guestFacility: { id: facility.id, link: link.token, capacity: 3 },
    bookingLink: { id: made.link.id, token: made.link.token, code: made.code },
    gateHub: { id: hub.id, timeZone, today: localDateTime(new Date(), timeZone).date },
    inbound: { systemId: system.id, secret: system.inboundSecret },
    outbound: { systemId: system.id, webhookId: subscription.id, received: receiver.received },
    today: localDateTime(new Date(), 'Asia/Kolkata').date,
    close: receiver.close,
  };
}

export interface Place {
  productId: string;
  sku: string;
  binId: string;
}

/** Three bins and three products of the run's own (each rate its own, so its stock starts at 0); made
 * before the faults are switched on. */
export async function stockPlaces(world: ChaosWorld, tag: string): Promise<Place[]> {
  const zone = expectCreated(
    'zone',
    await world.operations('POST', '/api/wms/zones', {
      facilityId: DEMO_FACILITY_ID,
      name: `Chaos receiving ${tag}`,
      code: `CH${tag}`,
      zoneType: 'receiving',
    }),
  );
  const places: Place[] = [];
  for (let i = 1; i <= 3; i++) {
    const bin = expectCreated(
      'bin',
      await world.operations('POST', '/api/wms/bins', { zoneId: zone.id, binCode: `CH-${tag}-${i}`, binType: 'floor' }),
    );
    const product = expectCreated(
      'product',
      await world.operations('POST', '/api/wms/products', { sku: `CH-${tag}-${i}`, name: `Chaos goods ${tag} ${i}` }),
    );
    places.push({ productId: product.id, sku: product.sku, binId: bin.id });
  }
  return places;
}

/** A truck due at the gate hub today: a staff booking whose check-in is open now. */
export interface Arrival {
  id: string;
  /** Its vehicle, a marker of the run. */
  vehicle: string;
}

/**
 * `count` trucks due at the gate hub today, 11:00 to 11:45 (check-in opens 09:00 to 09:45, and it is
 * 10:xx there when the run starts), for the check-ins of a rate: made before the faults are switched on.
 */
export async function gateArrivals(world: ChaosWorld, tag: string, count: number): Promise<Arrival[]> {
  const today = localDateTime(new Date(), world.gateHub.timeZone).date;
  const book = async (i: number): Promise<Arrival> => {
    const start = 11 * 60 + 15 * (i % 4);
    const vehicle = `${tag}A${String(i).padStart(4, '0')}`;
    const booked = expectCreated(
      'arrival',
      await world.operations('POST', '/api/appointments', {
        facilityId: world.gateHub.id,
        carrierId: 'carrier-deccan',
        vehicleLicense: vehicle,
        scheduledDate: today,
        scheduledTimeStart: fromMinutes(start),
        scheduledTimeEnd: fromMinutes(start + 60),
        poNumber: vehicle,
      }),
    );
    return { id: booked.id, vehicle };
  };
  // Four at a time: the set-up is not what is measured.
  const arrivals: Arrival[] = [];
  for (let i = 0; i < count; i += 4)
    arrivals.push(...(await Promise.all(Array.from({ length: Math.min(4, count - i) }, (_, j) => book(i + j)))));
  return arrivals;
}

/** The days of a rate's bookings: 8 days from `fromDay` days ahead. */
export const chaosDays = (world: ChaosWorld, fromDay = 30) =>
  Array.from({ length: 8 }, (_, i) => addDays(world.today, fromDay + i));

// ---- What the clients were told (the ledger) -------------------------------------------------------

export type Kind =
  | 'staff booking'
  | 'guest booking'
  | 'carrier booking'
  | 'link booking'
  | 'inbound webhook'
  | 'reschedule'
  | 'cancel'
  | 'walk-in'
  | 'quick check-in'
  | 'gate-pass check-in'
  | 'offline sync'
  | 'door assignment'
  | 'status move'
  | 'receipt'
  | 'warehouse move'
  | 'message'
  | 'dashboard poll';

export interface ChaosOp {
  n: number;
  kind: Kind;
  told: Told;
  /** What the client can find its change by (a PO number, a guest's vehicle, a receipt's note). */
  marker?: string;
  quantity?: number;
  place?: Place;
  /** The appointment a check-in was for. */
  appointmentId?: string;
  /** A check-in's gate time (gate pass, offline sync). */
  at?: string;
  /** A message's number. */
  to?: string;
  /** What the answer said, when it was a refusal (a message's 422 says nothing was sent, or may have been). */
  status?: number;
}

/** A booking the client knows of, and what it was last told about it. */
export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The ledger's line for a booking told done: the hour from `start` (minutes into the day), scheduled. */
export const bookedHour = (id: string, date: string, start: number): Booked => ({
  id,
  date,
  start: hhmm(start),
  end: hhmm(start + 60),
  status: 'scheduled',
  unsure: false,
  busy: false,
});

/**
 * A guest's booking form, as the guest page and a booking link send it: an hour slot from 06:00 to
 * 19:00 of `date`, a truck named by the operation's marker, the driver's details by `who`.
 */
export function guestForm(
  marker: string,
  n: number,
  date: string,
  random: () => number,
  who: { driverName: string; licencePrefix: string; mobilePrefix: string },
) {
  return {
    ownerType: 'Driver',
    vehicleNumber: marker,
    vehicleType: 'Truck',
    capacityTons: 9,
    driverName: who.driverName,
    driverLicense: `${who.licencePrefix}${marker}`,
    mobileNumber: `+91 ${who.mobilePrefix}${String(n % 1e8).padStart(8, '0')}`,
    expectedArrivalDate: new Date().toISOString(),
    slotId: `${date}_${String(6 + Math.floor(random() * 14)).padStart(2, '0')}00`,
  };
}

export interface Booked {
  id: string;
  date: string;
  start: string;
  end: string;
  status: 'scheduled' | 'cancelled';
  /** An answer left it unknown (or a reschedule request pending): no more changes, nor checks of its state. */
  unsure: boolean;
  busy: boolean;
}

export interface WalkIn {
  checkinId: string;
  appointmentId: string;
  door: string | null;
  stage: 'checked_in' | 'unloading' | 'completed';
  unsure: boolean;
  busy: boolean;
}

export interface ChaosLedger {
  tag: string;
  /** The days its bookings fall on. */
  days: string[];
  startedAt: string;
  ops: ChaosOp[];
  booked: Booked[];
  walkIns: WalkIn[];
  places: Place[];
  /** The trucks due at the gate hub, checked in or not. */
  arrivals: Arrival[];
  /** Every request's time and whether its person saw an error (5xx, or no answer). */
  requests: { ms: number; error: boolean }[];
}
