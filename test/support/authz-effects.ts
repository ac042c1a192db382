// Issue #52.12: what an "allowed" write of the authorisation matrix (test/integration/authz-matrix.test.ts)
// must do, route by route, written by hand. Each allowed caller acts on a record of its own, made
// through the tenant admin's API before the walk (so cells never interfere), sends a body that passes
// validation, must be answered 2xx, and the change is then read back through the API. Every write route
// of the table is here; a caller that holds no record of the kind a route acts on is given the answer
// it must get instead (`answer`).
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { Client, HttpResponse } from './api';
import { addDays, localDateTime } from '../../shared/time';
import { zoneAtTenNow } from './checkin-hub';
import { GATE_RULES } from '../../shared/contracts/gate';
import type { SessionUser } from '../../shared/contracts/auth';
import { bookAppointment, contextOf } from '../../functions/appointments';
import { changeAppointmentStatus } from '../../functions/checkins';
import { solveProposal } from '../../functions/planner/solve';
import { makeYardTask } from './yard-tasks';
import { CARRIER_LINK_ACTS } from './authz-carrier-identity';

/** The records of the caller's tenant an act builds on (the matrix's own records). */
export interface ActRecords {
  facility: string;
  ownCarrier: string;
  ownDriver: string;
  /** Another carrier of the tenant (no caller's own). */
  carrier: string;
  /** The facility's equipment (one item, free on every day the acts book). */
  equipment: string;
  /** An integration system of the tenant, and a WMS zone of the facility. */
  system: string;
  zone: string;
  /** An integration system's body that passes validation (its base URL is the fake TMS). */
  systemBody: () => Record<string, unknown>;
  /** The tenant's name, as its admin types it to close the tenant. */
  tenantName: string;
  /** Another tenant every caller's login is also a member of (as a spectator): where a tenant switch goes. */
  memberTenant: string;
}

export interface ActContext {
  /** The tenant's admin: makes the caller's records and reads the effect back. */
  admin: Client;
  r: ActRecords;
  /** A number of the caller's own, unique across every act of the walk (dates, names). */
  n: number;
  /** The first date the acts book on. */
  firstDay: string;
  /** The caller (for the effects only the caller can read: its own account). */
  caller?: Client;
  /** The caller's column of the matrix (its role; 'pending' for the registration not yet approved). */
  column?: string;
  /** A carrier-side account of the tenant's own carrier: its bookings at an approving facility wait for approval. */
  booker?: Client;
}

export interface Prepared {
  /** Path parameters of the caller's own record (the rest come from the matrix). */
  params?: Record<string, string>;
  body?: unknown;
  /** The query of the call, for routes that name their record there (`?facilityId=...`). */
  query?: string;
  /** What the effect check needs to know (the record made, the name sent...). */
  state?: Record<string, string>;
  /**
   * For a caller that holds no record of the kind the route acts on (an admin has no driver record of
   * its own): the answer it must get instead of 2xx, past authorisation; no effect is read.
   */
  answer?: { status: number; message: string };
}

export interface Act {
  prepare?: (ctx: ActContext) => Promise<Prepared>;
  /** Reads the change back; answers what is wrong, or null when the change is there. */
  effect: (ctx: ActContext, prepared: Prepared, res: HttpResponse, path: string) => Promise<string | null>;
}

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
const has = (res: HttpResponse, id: string) => res.status === 200 && JSON.stringify(res.body).includes(id);
const made = (res: HttpResponse) => {
  if (res.status >= 300 || !res.body?.id) throw new Error(`act set-up failed: ${res.status} ${res.text}`);
  return res.body.id as string;
};

/** One hour of one day per act: no two of the walk's bookings share a window, so doors never run out. */
const windowOf = (ctx: ActContext) => {
  const hour = 8 + (Math.floor(ctx.n / 14) % 10);
  return {
    scheduledDate: addDays(ctx.firstDay, ctx.n % 14),
    scheduledTimeStart: `${String(hour).padStart(2, '0')}:00`,
    scheduledTimeEnd: `${String(hour + 1).padStart(2, '0')}:00`,
  };
};

/** A pending registration of the tenant, for the approval acts (written through the users store). */
let pendingOf: ((tenantAdmin: Client) => Promise<string>) | null = null;
export const usePendingRegistrations = (make: (tenantAdmin: Client) => Promise<string>) => {
  pendingOf = make;
};

/** The same window 60 days on: where an approved reschedule moves the caller's appointment. */
const laterWindow = (ctx: ActContext) => {
  const w = windowOf(ctx);
  return { newDate: addDays(w.scheduledDate, 60), newTimeStart: w.scheduledTimeStart, newTimeEnd: w.scheduledTimeEnd };
};

/** A pending reschedule request of a fresh appointment, filed by the admin. */
async function freshReschedule(ctx: ActContext) {
  const appointment = await freshAppointment(ctx);
  const requested = await ctx.admin.post(`/api/appointments/${appointment}/reschedule`, {
    ...laterWindow(ctx),
    reason: 'traffic',
    reasonDetails: 'Stuck in traffic on the highway',
  });
  return { appointment, reschedule: made(requested) };
}

/** A scheduled appointment of the caller's own carrier and driver, booked by the admin. */
const freshAppointment = async (ctx: ActContext) =>
  made(
    await ctx.admin.post('/api/appointments', {
      facilityId: ctx.r.facility,
      carrierId: ctx.r.ownCarrier,
      driverId: ctx.r.ownDriver,
      ...windowOf(ctx),
    }),
  );

const appointmentOf = async (ctx: ActContext, id: string) => (await ctx.admin.get(`/api/appointments/${id}`)).body;

// WMS lists come in pages (10 by default): the acts read them at the largest page, which holds every
// record of the matrix's tenant.

/** A list read back holds the new record (by the id the call answered, or by the name sent). */
const listed =
  (list: (ctx: ActContext) => string, by: 'id' | 'name' = 'id') =>
  async (ctx: ActContext, p: Prepared, res: HttpResponse) => {
    const needle = by === 'id' ? (res.body?.id ?? res.body?.link?.id) : p.state!.name!;
    if (!needle) return `no id in the answer: ${res.text}`;
    return has(await ctx.admin.get(list(ctx)), needle) ? null : `${needle} not found in ${list(ctx)}`;
  };

/** A list read back no longer holds the deleted record (`id`: the matrix's disposable record). */
const gone =
  (list: (ctx: ActContext) => string) => async (ctx: ActContext, _p: Prepared, _r: HttpResponse, path: string) => {
    const id = decodeURIComponent(path.split('?')[0]!.split('/').pop()!);
    return has(await ctx.admin.get(list(ctx)), id) ? `${id} still in ${list(ctx)}` : null;
  };

const renamed = (list: (ctx: ActContext) => string) => async (ctx: ActContext, p: Prepared) =>
  has(await ctx.admin.get(list(ctx)), p.state!.name!) ? null : `the new name is not in ${list(ctx)}`;

export const ACTS: Record<string, Act> = {
  // The door plan (issue #58.2): a proposal of a day of the caller's own (no worker runs in the walk: it is
  // solving), read back by id and as the day's latest.
  'POST /api/planner/proposals': {
    prepare: async (ctx) => ({ body: { facilityId: ctx.r.facility, date: addDays(ctx.firstDay, 30 + ctx.n) } }),
    effect: async (ctx, p, res) => {
      const { facilityId, date } = p.body as { facilityId: string; date: string };
      const latest = await ctx.admin.get(`/api/planner/proposals/latest?facilityId=${facilityId}&date=${date}`);
      return res.status === 202 &&
        latest.body?.proposal?.id === res.body.id &&
        latest.body.proposal.status === 'solving'
        ? null
        : `not the day's latest proposal: ${latest.text}`;
    },
  },
  // Automatic re-planning turned on at a facility of the caller's own, read back.
  'PUT /api/planner/settings': {
    prepare: async (ctx) => {
      const facility = await ownFacility(ctx);
      return { query: `?facilityId=${facility}`, body: { autoReplan: true }, state: { facility } };
    },
    effect: async (ctx, p) => {
      const settings = (await ctx.admin.get(`/api/planner/settings?facilityId=${p.state!.facility}`)).body;
      return settings?.autoReplan === true && settings.revision === 1
        ? null
        : `settings are ${JSON.stringify(settings)}`;
    },
  },
  // A fresh appointment of the caller's own window, planned (solved here, as the worker would) and applied alone.
  'POST /api/planner/proposals/{id}/apply': {
    prepare: async (ctx) => {
      const appointment = await freshAppointment(ctx);
      const asked = await ctx.admin.post('/api/planner/proposals', {
        facilityId: ctx.r.facility,
        date: windowOf(ctx).scheduledDate,
      });
      const proposal = made(asked);
      const user = (await ctx.admin.get('/api/auth/user')).body as SessionUser;
      await solveProposal(user.tenantId, proposal);
      return { params: { id: proposal }, body: { truckIds: [appointment] }, state: { appointment, proposal } };
    },
    effect: async (ctx, p, res) => {
      const planned = (await ctx.admin.get(`/api/planner/proposals/${p.state!.proposal}`)).body;
      const truck = planned.trucks?.find((t: { appointmentId: string }) => t.appointmentId === p.state!.appointment);
      const booked = await appointmentOf(ctx, p.state!.appointment!);
      return res.body?.applied?.includes(p.state!.appointment) &&
        truck?.applied?.outcome === 'applied' &&
        booked?.dockDoorId === truck.proposed?.doorId
        ? null
        : `not applied: ${res.text} ${JSON.stringify(booked?.dockDoorId)} ${JSON.stringify(truck)}`;
    },
  },
  'POST /api/appointments': {
    prepare: async (ctx) => ({
      body: { facilityId: ctx.r.facility, carrierId: ctx.r.ownCarrier, driverId: ctx.r.ownDriver, ...windowOf(ctx) },
    }),
    effect: async (ctx, _p, res) => {
      const booked = await appointmentOf(ctx, res.body.id);
      return booked?.carrierId === ctx.r.ownCarrier && booked.driverId === ctx.r.ownDriver
        ? null
        : `not booked as asked: ${JSON.stringify(booked)}`;
    },
  },
  'POST /api/appointments/{id}/cancel': {
    prepare: async (ctx) => ({
      params: { id: await freshAppointment(ctx) },
      body: { reason: 'Cancelled by the matrix' },
    }),
    effect: async (ctx, p) => {
      const status = (await appointmentOf(ctx, p.params!.id!))?.status;
      return status === 'cancelled' ? null : `status is ${status}`;
    },
  },
  'POST /api/appointments/{id}/reschedule': {
    prepare: async (ctx) => ({
      params: { id: await freshAppointment(ctx) },
      body: {
        newDate: addDays(ctx.firstDay, 15),
        newTimeStart: '10:00',
        newTimeEnd: '11:00',
        reason: 'traffic',
        reasonDetails: 'Stuck in traffic on the highway',
      },
    }),
    effect: async (ctx, p, res) => {
      const pending = await ctx.admin.get('/api/reschedules/pending');
      return has(pending, res.body.id) && has(pending, p.params!.id!) ? null : 'no pending request for it';
    },
  },
  'POST /api/appointments/{id}/equipment': {
    prepare: async (ctx) => ({
      params: { id: await freshAppointment(ctx) },
      body: { equipmentId: ctx.r.equipment },
    }),
    effect: async (ctx, p) => {
      const ids = (await appointmentOf(ctx, p.params!.id!))?.equipmentIds ?? [];
      return ids.includes(ctx.r.equipment) ? null : `equipment is ${JSON.stringify(ids)}`;
    },
  },
  'PATCH /api/reschedules/{id}/approve': {
    prepare: async (ctx) => {
      const { appointment, reschedule } = await freshReschedule(ctx);
      return { params: { id: reschedule }, body: {}, state: { appointment, newDate: laterWindow(ctx).newDate } };
    },
    effect: async (ctx, p) => {
      const moved = await appointmentOf(ctx, p.state!.appointment!);
      return moved?.scheduledDate === p.state!.newDate ? null : `appointment is on ${moved?.scheduledDate}`;
    },
  },
  'PATCH /api/reschedules/{id}/deny': {
    prepare: async (ctx) => {
      const { appointment, reschedule } = await freshReschedule(ctx);
      return {
        params: { id: reschedule },
        body: { reason: 'The dock is full that day' },
        state: { appointment, date: windowOf(ctx).scheduledDate },
      };
    },
    effect: async (ctx, p) => {
      const kept = await appointmentOf(ctx, p.state!.appointment!);
      if (kept?.scheduledDate !== p.state!.date) return `appointment moved to ${kept?.scheduledDate}`;
      return has(await ctx.admin.get('/api/reschedules/pending'), p.params!.id!) ? 'request still pending' : null;
    },
  },
  'POST /api/admin/approve-user/{userId}': {
    prepare: async (ctx) => ({ params: { userId: await pendingOf!(ctx.admin) }, body: { role: 'spectator' } }),
    effect: async (ctx, p) => {
      const users = (await ctx.admin.get('/api/auth/users')).body as { id: string; role: string; status: string }[];
      const user = users.find((u) => u.id === p.params!.userId);
      return user?.status === 'active' && user.role === 'spectator' ? null : `user is ${JSON.stringify(user)}`;
    },
  },
  'POST /api/admin/reject-user/{userId}': {
    prepare: async (ctx) => ({
      params: { userId: await pendingOf!(ctx.admin) },
      body: { reason: 'Matrix decision' },
    }),
    effect: async (ctx, p) => {
      const users = (await ctx.admin.get('/api/auth/users')).body as { id: string; status: string }[];
      const user = users.find((u) => u.id === p.params!.userId);
      return user?.status === 'rejected' ? null : `user is ${JSON.stringify(user)}`;
    },
  },
  'PATCH /api/auth/user/language': {
    prepare: async () => ({ body: { language: 'hi' } }),
    effect: async (ctx) => {
      const me = (await ctx.caller!.get('/api/auth/user')).body;
      return me?.language === 'hi' ? null : `language is ${me?.language}`;
    },
  },
  'DELETE /api/invitations/{id}': {
    effect: async (ctx, _p, _r, path) => {
      const id = path.split('/').pop()!;
      const list = (await ctx.admin.get('/api/invitations')).body as { id: string; status?: string }[];
      const left = (Array.isArray(list) ? list : []).find((i) => i.id === id);
      return !left || left.status === 'revoked' ? null : `invitation is ${JSON.stringify(left)}`;
    },
  },
  'POST /api/integrations/systems/{id}/endpoints': {
    prepare: async (ctx) => ({ body: { name: unique('Matrix endpoint'), endpoint: `/matrix/${ctx.n}` } }),
    effect: listed((ctx) => `/api/integrations/systems/${ctx.r.system}/endpoints`),
  },
  'DELETE /api/integrations/systems/{id}/endpoints/{endpointId}': {
    effect: gone((ctx) => `/api/integrations/systems/${ctx.r.system}/endpoints`),
  },
  'POST /api/integrations/systems/{id}/webhooks': {
    prepare: async (ctx) => ({
      body: { eventType: 'appointment.created', webhookUrl: `https://tms.example.com/matrix/${ctx.n}` },
    }),
    effect: listed((ctx) => `/api/integrations/systems/${ctx.r.system}/webhooks`),
  },
  'DELETE /api/integrations/systems/{id}/webhooks/{webhookId}': {
    effect: gone((ctx) => `/api/integrations/systems/${ctx.r.system}/webhooks`),
  },
  'PUT /api/wms/zones/{id}': {
    prepare: async (ctx) => {
      const zone = { facilityId: ctx.r.facility, name: unique('To rename'), code: `RZ${ctx.n}`, zoneType: 'storage' };
      const id = made(await ctx.admin.post('/api/wms/zones', zone));
      const name = unique('Renamed zone');
      return { params: { id }, body: { ...zone, name }, state: { name } };
    },
    effect: renamed((ctx) => `/api/wms/zones?facilityId=${ctx.r.facility}&limit=100`),
  },
  'POST /api/wms/bins': {
    prepare: async (ctx) => ({ body: { zoneId: ctx.r.zone, binCode: `MZ-N${ctx.n}`, binType: 'shelf' } }),
    effect: listed((ctx) => `/api/wms/bins?zoneId=${ctx.r.zone}&limit=100`),
  },
  'DELETE /api/wms/bins/{id}': { effect: gone((ctx) => `/api/wms/bins?zoneId=${ctx.r.zone}&limit=100`) },
  'PUT /api/wms/products/{id}': {
    prepare: async (ctx) => {
      const sku = `MXR-${randomUUID().slice(0, 6)}`;
      const id = made(await ctx.admin.post('/api/wms/products?limit=100', { sku, name: unique('To rename') }));
      const name = unique('Renamed product');
      return { params: { id }, body: { sku, name }, state: { name } };
    },
    effect: renamed(() => '/api/wms/products?limit=100'),
  },
  'PUT /api/appointment-types/facilities/{id}/types/{typeId}': {
    prepare: async (ctx) => {
      const type = {
        direction: 'inbound',
        vehicleTypes: [],
        doorIds: [],
        durationRule: { kind: 'fixed', minutes: 60 },
      };
      const setup = `/api/appointment-types/facilities/${ctx.r.facility}`;
      const typeId = made(await ctx.admin.post(`${setup}/types`, { ...type, name: unique('To rename') }));
      const name = unique('Renamed type');
      return { params: { typeId }, body: { ...type, name }, state: { name } };
    },
    effect: renamed((ctx) => `/api/appointment-types/facilities/${ctx.r.facility}`),
  },
  'POST /api/carriers': {
    prepare: async () => {
      const name = unique('Matrix Carrier');
      return { body: { name, serviceTypes: ['FTL'] }, state: { name } };
    },
    effect: listed(() => '/api/carriers'),
  },
  'PATCH /api/carriers/{id}': {
    prepare: async (ctx) => {
      const id = made(await ctx.admin.post('/api/carriers', { name: unique('To Rename'), serviceTypes: ['FTL'] }));
      const name = unique('Renamed Carrier');
      return { params: { id }, body: { name }, state: { name } };
    },
    effect: renamed(() => '/api/carriers'),
  },
  'POST /api/drivers': {
    prepare: async (ctx) => {
      const name = unique('Matrix Driver');
      return {
        body: { carrierId: ctx.r.ownCarrier, name, licenseNumber: `MH14${String(ctx.n).padStart(11, '0')}` },
        state: { name },
      };
    },
    effect: listed((ctx) => `/api/carriers/${ctx.r.ownCarrier}/drivers`),
  },
  'PATCH /api/carriers/{id}/drivers/{driverId}': {
    prepare: async (ctx) => {
      const driverId = made(
        await ctx.admin.post('/api/drivers', {
          carrierId: ctx.r.ownCarrier,
          name: unique('To Rename'),
          licenseNumber: `MH15${String(ctx.n).padStart(11, '0')}`,
        }),
      );
      const name = unique('Renamed Driver');
      return { params: { id: ctx.r.ownCarrier, driverId }, body: { name }, state: { name } };
    },
    effect: renamed((ctx) => `/api/carriers/${ctx.r.ownCarrier}/drivers`),
  },
  'POST /api/facilities': {
    prepare: async () => {
      const name = unique('Matrix Facility');
      return {
        body: { name, address: 'Plot 9, MIDC', operatingHoursStart: '08:00', operatingHoursEnd: '18:00' },
        state: { name },
      };
    },
    effect: listed(() => '/api/facilities'),
  },
  'PATCH /api/facilities/{id}': {
    prepare: async (ctx) => {
      const id = made(
        await ctx.admin.post('/api/facilities', {
          name: unique('To Rename'),
          address: 'Plot 9, MIDC',
          operatingHoursStart: '08:00',
          operatingHoursEnd: '18:00',
        }),
      );
      const name = unique('Renamed Facility');
      return { params: { id }, body: { name }, state: { name } };
    },
    effect: renamed(() => '/api/facilities'),
  },
  // The warehouse's view of the same facility record (issue 51): made, renamed and deleted there,
  // read back from the facilities domain's own list.
  'POST /api/wms/facilities': {
    prepare: async () => ({
      body: {
        name: unique('Matrix Store'),
        address: 'Plot 9, MIDC',
        operatingHoursStart: '08:00',
        operatingHoursEnd: '18:00',
      },
    }),
    effect: listed(() => '/api/facilities'),
  },
  'PUT /api/wms/facilities/{id}': {
    prepare: async (ctx) => {
      const store = {
        name: unique('To Rename'),
        address: 'Plot 9, MIDC',
        operatingHoursStart: '08:00',
        operatingHoursEnd: '18:00',
      };
      const id = made(await ctx.admin.post('/api/wms/facilities', store));
      const name = unique('Renamed Store');
      return { params: { id }, body: { ...store, name }, state: { name } };
    },
    effect: renamed(() => '/api/facilities'),
  },
  'DELETE /api/wms/facilities/{id}': {
    // An empty facility of the caller's own: no doors, stock, zones or appointments hold it.
    prepare: async (ctx) => ({
      params: {
        id: made(
          await ctx.admin.post('/api/wms/facilities', {
            name: unique('To Delete'),
            address: 'Plot 9, MIDC',
            operatingHoursStart: '08:00',
            operatingHoursEnd: '18:00',
          }),
        ),
      },
    }),
    effect: gone(() => '/api/facilities'),
  },
  'POST /api/dock-doors': {
    prepare: async (ctx) => ({ body: { facilityId: ctx.r.facility, doorNumber: `MX${ctx.n}`, status: 'available' } }),
    effect: listed((ctx) => `/api/facilities/${ctx.r.facility}/dock-doors`),
  },
  'POST /api/facilities/{id}/holidays': {
    prepare: async (ctx) => {
      const date = addDays(ctx.firstDay, 400 + ctx.n);
      return { body: { holidayDate: date, name: `Matrix day ${ctx.n}` }, state: { name: date } };
    },
    effect: listed((ctx) => `/api/facilities/${ctx.r.facility}/holidays`, 'name'),
  },
  'DELETE /api/facilities/{id}/holidays/{date}': {
    effect: gone((ctx) => `/api/facilities/${ctx.r.facility}/holidays`),
  },
  'POST /api/facilities/{id}/labor-incharges': {
    prepare: async () => {
      const name = unique('Matrix Labour');
      return { body: { name }, state: { name } };
    },
    effect: listed((ctx) => `/api/facilities/${ctx.r.facility}/labor-incharges`),
  },
  'POST /api/facilities/{id}/equipment': {
    prepare: async () => {
      const name = unique('Matrix Forklift');
      return { body: { name, type: 'Forklift' }, state: { name } };
    },
    effect: listed((ctx) => `/api/facilities/${ctx.r.facility}/equipment`),
  },
  'POST /api/invitations': {
    prepare: async () => ({ body: { email: `matrix.${randomUUID().slice(0, 8)}@example.in`, role: 'spectator' } }),
    effect: listed(() => '/api/invitations'),
  },
  'POST /api/integrations/systems': {
    prepare: async (ctx) => {
      const name = unique('Matrix TMS');
      return { state: { name }, body: { ...ctx.r.systemBody(), name } };
    },
    effect: listed(() => '/api/integrations/systems'),
  },
  'DELETE /api/integrations/systems/{id}': { effect: gone(() => '/api/integrations/systems') },
  'POST /api/wms/zones': {
    prepare: async (ctx) => ({
      body: { facilityId: ctx.r.facility, name: unique('Matrix Zone'), code: `MX${ctx.n}`, zoneType: 'storage' },
    }),
    effect: listed((ctx) => `/api/wms/zones?facilityId=${ctx.r.facility}&limit=100`),
  },
  'DELETE /api/wms/zones/{id}': { effect: gone((ctx) => `/api/wms/zones?facilityId=${ctx.r.facility}&limit=100`) },
  'POST /api/wms/products': {
    prepare: async () => ({ body: { sku: `MXN-${randomUUID().slice(0, 6)}`, name: unique('Matrix Product') } }),
    effect: listed(() => '/api/wms/products?limit=100'),
  },
  'DELETE /api/wms/products/{id}': { effect: gone(() => '/api/wms/products?limit=100') },
  'POST /api/appointment-types/facilities/{id}/types': {
    prepare: async () => {
      const name = unique('Matrix type');
      return {
        body: {
          name,
          direction: 'inbound',
          vehicleTypes: [],
          doorIds: [],
          durationRule: { kind: 'fixed', minutes: 60 },
        },
        state: { name },
      };
    },
    effect: listed((ctx) => `/api/appointment-types/facilities/${ctx.r.facility}`),
  },
  'DELETE /api/appointment-types/facilities/{id}/types/{typeId}': {
    effect: gone((ctx) => `/api/appointment-types/facilities/${ctx.r.facility}`),
  },
  'POST /api/appointment-types/facilities/{id}/fields': {
    prepare: async () => {
      const label = unique('Matrix seal');
      return { body: { label, kind: 'text' }, state: { name: label } };
    },
    effect: listed((ctx) => `/api/appointment-types/facilities/${ctx.r.facility}`, 'name'),
  },
  'DELETE /api/appointment-types/facilities/{id}/fields/{fieldId}': {
    effect: gone((ctx) => `/api/appointment-types/facilities/${ctx.r.facility}`),
  },
  'POST /api/booking-links': {
    prepare: async (ctx) => {
      const label = unique('Matrix link');
      return { body: { facilityId: ctx.r.facility, label }, state: { name: label } };
    },
    effect: listed((ctx) => `/api/booking-links?facilityId=${ctx.r.facility}`, 'name'),
  },
  'POST /api/booking-links/{id}/revoke': {
    prepare: async (ctx) => {
      const res = await ctx.admin.post('/api/booking-links', {
        facilityId: ctx.r.facility,
        label: unique('To revoke'),
      });
      if (res.status !== 201) throw new Error(`act set-up failed: ${res.status} ${res.text}`);
      return { params: { id: res.body.link.id as string }, body: {} };
    },
    effect: async (ctx, p) => {
      const links = (await ctx.admin.get(`/api/booking-links?facilityId=${ctx.r.facility}`)).body as {
        id: string;
        status?: string;
        revokedAt?: string;
      }[];
      const link = (Array.isArray(links) ? links : []).find((l) => l.id === p.params!.id);
      return link && (link.status === 'revoked' || link.revokedAt) ? null : `link is ${JSON.stringify(link)}`;
    },
  },
  'POST /api/series': {
    prepare: async (ctx) => ({
      body: {
        facilityId: ctx.r.facility,
        carrierId: ctx.r.ownCarrier,
        driverId: ctx.r.ownDriver,
        weekdays: ['MO'],
        timeStart: '09:00',
        timeEnd: '10:00',
        // Past the 8-week horizon: the series is made and books nothing yet.
        startDate: addDays(ctx.firstDay, 90),
        count: 1,
      },
    }),
    effect: async (ctx, _p, res) => {
      const series = (await ctx.admin.get(`/api/series/${res.body.id}`)).body;
      return series?.status === 'active' && series.carrierId === ctx.r.ownCarrier
        ? null
        : `series is ${JSON.stringify(series)}`;
    },
  },
  'POST /api/series/{id}/cancel': {
    prepare: async (ctx) => {
      const startDate = addDays(ctx.firstDay, 90);
      const id = made(
        await ctx.admin.post('/api/series', {
          facilityId: ctx.r.facility,
          carrierId: ctx.r.ownCarrier,
          weekdays: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'],
          timeStart: '09:00',
          timeEnd: '10:00',
          startDate,
          count: 1,
        }),
      );
      return { params: { id }, body: { fromDate: startDate, reason: 'Cancelled by the matrix' } };
    },
    effect: async (ctx, p) => {
      const series = (await ctx.admin.get(`/api/series/${p.params!.id}`)).body;
      return series?.status === 'cancelled' && series.cancellationReason === 'Cancelled by the matrix'
        ? null
        : `series is ${series?.status}`;
    },
  },
  'POST /api/privacy/incidents': {
    prepare: async () => {
      const title = unique('Matrix incident');
      return {
        body: {
          title,
          description: 'Recorded by the permission matrix.',
          discoveredAt: '2026-11-20T10:00:00+05:30',
          dataKinds: ['names'],
          affectedFrom: '2026-11-19',
          affectedTo: '2026-11-19',
          measures: 'None needed: a test record.',
          contact: 'matrix@example.in',
        },
        state: { name: title },
      };
    },
    effect: listed(() => '/api/privacy/incidents', 'name'),
  },
};

// --- check-ins, gate passes and status changes (issue #52.12) ---------------------------------------
// Check-in is open on the facility's own day from two hours before the start: the acts book at a hub of
// the matrix's tenant where it is 10:xx now (open round the clock), at 12:00 today, each on a door of its
// own (made by the act), with a vehicle number of its own.

const rowsOf = (body: unknown): Record<string, unknown>[] => {
  const b = body as { items?: unknown; data?: unknown } | null;
  return ([body, b?.items, b?.data].find(Array.isArray) as Record<string, unknown>[] | undefined) ?? [];
};

const hubs = new Map<Client, Promise<string>>();
/** The matrix tenant's hub where it is 10:xx now (one per admin, made once). */
const checkinHub = (ctx: ActContext) => {
  if (!hubs.has(ctx.admin))
    hubs.set(
      ctx.admin,
      (async () =>
        made(
          await ctx.admin.post('/api/facilities', {
            name: unique('Matrix Gate Hub'),
            address: 'Plot 1, MIDC',
            operatingHoursStart: '00:00',
            operatingHoursEnd: '23:45',
            timeZone: zoneAtTenNow(),
          }),
        ))(),
    );
  return hubs.get(ctx.admin)!;
};

const doorOf = async (ctx: ActContext, facility: string, suffix = '') =>
  made(
    await ctx.admin.post('/api/dock-doors', {
      facilityId: facility,
      doorNumber: `G${ctx.n}${suffix}`,
      status: 'available',
    }),
  );

const plateOf = (ctx: ActContext) => `MH12MX${String(ctx.n).padStart(4, '0')}`;

/**
 * A scheduled appointment of the caller's own carrier and driver, at 12:00 today at the gate hub (or at
 * `at`, a hub of the same clock), on its own door.
 */
async function dueAppointment(ctx: ActContext, at?: string) {
  const facility = at ?? (await checkinHub(ctx));
  const door = await doorOf(ctx, facility);
  const res = await ctx.admin.post('/api/appointments', {
    facilityId: facility,
    carrierId: ctx.r.ownCarrier,
    driverId: ctx.r.ownDriver,
    dockDoorId: door,
    scheduledDate: localDateTime(new Date(), zoneAtTenNow()).date,
    scheduledTimeStart: '12:00',
    scheduledTimeEnd: '13:00',
  });
  return { facility, door, appointment: made(res) };
}

/** A due appointment checked in by the admin (status checked_in, at its own door). */
async function checkedIn(ctx: ActContext, at?: string) {
  const due = await dueAppointment(ctx, at);
  const checkin = made(
    await ctx.admin.post('/api/checkins', {
      appointmentId: due.appointment,
      driverName: 'Own Driver',
      vehicleLicense: plateOf(ctx),
      dockDoorId: due.door,
    }),
  );
  return { ...due, checkin };
}

const checkinOf = async (ctx: ActContext, id: string) =>
  rowsOf((await ctx.admin.get('/api/checkins')).body).find((c) => c.id === id);

/** The appointment is arrived and has exactly the one check-in `res` answered. */
const arrivedWith = async (ctx: ActContext, appointment: string, checkin: unknown) => {
  const status = (await appointmentOf(ctx, appointment))?.status;
  if (status !== 'arrived') return `appointment is ${status}`;
  const of = rowsOf((await ctx.admin.get('/api/checkins')).body).filter((c) => c.appointmentId === appointment);
  return of.length === 1 && of[0]!.id === checkin ? null : `check-ins of it: ${JSON.stringify(of)}`;
};

Object.assign(ACTS, {
  'POST /api/checkins': {
    prepare: async (ctx) => {
      const { appointment } = await dueAppointment(ctx);
      return {
        body: { appointmentId: appointment, driverName: 'Own Driver', vehicleLicense: plateOf(ctx) },
        state: { appointment },
      };
    },
    effect: async (ctx, p, res) => arrivedWith(ctx, p.state!.appointment!, res.body?.id),
  },
  'POST /api/appointments/{id}/checkin': {
    prepare: async (ctx) => {
      const { appointment } = await dueAppointment(ctx);
      return { params: { id: appointment }, body: {} };
    },
    effect: async (ctx, p, res) => arrivedWith(ctx, p.params!.id!, res.body?.id),
  },
  'POST /api/checkins/gate-pass': {
    prepare: async (ctx) => {
      const { facility, appointment } = await dueAppointment(ctx);
      const pass = await ctx.admin.get(`/api/appointments/${appointment}/gate-pass`);
      if (pass.status !== 200) throw new Error(`act set-up failed: ${pass.status} ${pass.text}`);
      return {
        body: {
          idempotencyKey: randomUUID().replace(/-/g, ''),
          token: pass.body.token,
          facilityId: facility,
          // The gate's time is when the call is made (within any offline window).
          get happenedAt() {
            return new Date().toISOString();
          },
        },
        state: { appointment },
      };
    },
    effect: async (ctx, p, res) => arrivedWith(ctx, p.state!.appointment!, res.body?.checkin?.id),
  },
  'POST /api/checkins/walk-in': {
    prepare: async (ctx) => {
      const name = unique('Walk In');
      return { body: { driverName: name, vehicleLicense: plateOf(ctx), carrierName: 'Walk-in Roadways' } };
    },
    effect: async (ctx, _p, res) => {
      const walkIn = await appointmentOf(ctx, res.body?.appointmentId);
      if (walkIn?.status !== 'arrived' || walkIn.bookedBy !== 'walk_in')
        return `appointment is ${JSON.stringify(walkIn)}`;
      return (await checkinOf(ctx, res.body.id))?.appointmentId === walkIn.id ? null : 'no check-in of the walk-in';
    },
  },
  'PATCH /api/checkins/{id}/status': {
    prepare: async (ctx) => {
      const { checkin, appointment } = await checkedIn(ctx);
      return { params: { id: checkin }, body: { status: 'at_dock' }, state: { appointment } };
    },
    effect: async (ctx, p) => {
      const checkin = await checkinOf(ctx, p.params!.id!);
      const appointment = await appointmentOf(ctx, p.state!.appointment!);
      return checkin?.status === 'at_dock' && appointment?.status === 'arrived'
        ? null
        : `check-in is ${checkin?.status}, appointment ${appointment?.status}`;
    },
  },
  'PATCH /api/checkins/{id}/door': {
    // A walk-in has no door yet (the default facility's): the act gives it a door of its own.
    prepare: async (ctx) => {
      const checkin = made(
        await ctx.admin.post('/api/checkins/walk-in', {
          driverName: unique('Door Wala'),
          vehicleLicense: `MH14MX${String(ctx.n).padStart(4, '0')}`,
          carrierName: 'Walk-in Roadways',
        }),
      );
      const door = await doorOf(ctx, ctx.r.facility, 'W');
      return { params: { id: checkin }, body: { dockDoorId: door }, state: { door } };
    },
    effect: async (ctx, p) => {
      const checkin = await checkinOf(ctx, p.params!.id!);
      return checkin?.dockDoorId === p.state!.door ? null : `check-in is at ${checkin?.dockDoorId}`;
    },
  },
  'PATCH /api/appointments/{id}/status': {
    prepare: async (ctx) => {
      const { appointment, checkin } = await checkedIn(ctx);
      return { params: { id: appointment }, body: { status: 'unloading' }, state: { checkin } };
    },
    effect: async (ctx, p) => {
      const status = (await appointmentOf(ctx, p.params!.id!))?.status;
      const checkin = (await checkinOf(ctx, p.state!.checkin!))?.status;
      return status === 'unloading' && checkin === 'unloading' ? null : `appointment is ${status}, check-in ${checkin}`;
    },
  },
} satisfies Record<string, Act>);

// --- WMS stock (issue #52.12) -------------------------------------------------------------------------
// Stock at the matrix's own facility is frozen by its running full cycle count, so the stock acts work
// at a store of their own (one per admin), each with a product and bins of its own: no two cells share
// an inventory line.

const stores = new Map<Client, Promise<{ facility: string; zone: string }>>();
const stockStore = (ctx: ActContext) => {
  if (!stores.has(ctx.admin))
    stores.set(
      ctx.admin,
      (async () => {
        const facility = made(
          await ctx.admin.post('/api/facilities', {
            name: unique('Matrix Store'),
            address: 'Plot 9, MIDC',
            operatingHoursStart: '08:00',
            operatingHoursEnd: '18:00',
          }),
        );
        const zone = made(
          await ctx.admin.post('/api/wms/zones', {
            facilityId: facility,
            name: 'Stock',
            code: 'ST',
            zoneType: 'storage',
          }),
        );
        return { facility, zone };
      })(),
    );
  return stores.get(ctx.admin)!;
};

/** A product and two bins of the act's own at the stock store. */
async function stockSite(ctx: ActContext) {
  const { facility, zone } = await stockStore(ctx);
  const product = made(
    await ctx.admin.post('/api/wms/products', { sku: `MXS-${randomUUID().slice(0, 6)}`, name: unique('Stock') }),
  );
  const bin = async (suffix: string) =>
    made(await ctx.admin.post('/api/wms/bins', { zoneId: zone, binCode: `ST-${ctx.n}${suffix}`, binType: 'shelf' }));
  return { facility, product, bin: await bin('A'), otherBin: await bin('B') };
}

/** A stock site with 10 units received into its first bin: the line's id. */
async function stocked(ctx: ActContext) {
  const site = await stockSite(ctx);
  const received = await ctx.admin.post('/api/wms/inventory/receive', {
    facilityId: site.facility,
    productId: site.product,
    binId: site.bin,
    quantity: 10,
  });
  if (received.status !== 201 || !received.body?.inventoryId)
    throw new Error(`act set-up failed: ${received.status} ${received.text}`);
  return { ...site, line: received.body.inventoryId as string };
}

const linesOf = async (ctx: ActContext, facility: string) =>
  rowsOf((await ctx.admin.get(`/api/wms/inventory?facilityId=${facility}&limit=100`)).body);

/** The product's lines at the store, as `bin:quantity`, sorted. */
const stockOf = async (ctx: ActContext, p: Prepared) =>
  (await linesOf(ctx, p.state!.facility!))
    .filter((l) => l.productId === p.state!.product)
    .map((l) => `${l.binId === p.state!.bin ? 'A' : l.binId === p.state!.otherBin ? 'B' : l.binId}:${l.quantity}`)
    .sort()
    .join(',');
const stockIs = (want: string) => async (ctx: ActContext, p: Prepared) => {
  const got = await stockOf(ctx, p);
  return got === want ? null : `stock is ${got}, expected ${want}`;
};

Object.assign(ACTS, {
  'POST /api/wms/inventory/receive': {
    prepare: async (ctx) => {
      const site = await stockSite(ctx);
      return {
        body: { facilityId: site.facility, productId: site.product, binId: site.bin, quantity: 7 },
        state: site,
      };
    },
    effect: stockIs('A:7'),
  },
  'POST /api/wms/inventory/adjust': {
    prepare: async (ctx) => {
      const site = await stocked(ctx);
      return { body: { inventoryId: site.line, quantityAdjusted: -3, reasonCode: 'damaged' }, state: site };
    },
    effect: stockIs('A:7'),
  },
  'POST /api/wms/inventory/{id}/move': {
    prepare: async (ctx) => {
      const site = await stocked(ctx);
      return { params: { id: site.line }, body: { toBinId: site.otherBin, quantity: 4 }, state: site };
    },
    effect: stockIs('A:6,B:4'),
  },
  'POST /api/wms/inventory': {
    prepare: async (ctx) => {
      const site = await stockSite(ctx);
      return {
        body: { facilityId: site.facility, productId: site.product, binId: site.bin, quantity: 5 },
        state: site,
      };
    },
    effect: stockIs('A:5'),
  },
  'PUT /api/wms/inventory/{id}': {
    // The quantity changes only through an adjustment: the edit names the line's lot.
    prepare: async (ctx) => {
      const site = await stocked(ctx);
      const lot = `LOT-${ctx.n}`;
      return {
        params: { id: site.line },
        body: { facilityId: site.facility, productId: site.product, binId: site.bin, quantity: 10, lotNumber: lot },
        state: { ...site, name: lot },
      };
    },
    effect: async (ctx, p) => {
      const line = (await linesOf(ctx, p.state!.facility!)).find((l) => l.id === p.params!.id);
      return line?.lotNumber === p.state!.name && line?.quantity === 10 ? null : `line is ${JSON.stringify(line)}`;
    },
  },
  'DELETE /api/wms/inventory/{id}': {
    // An empty line (one holding units is refused until adjusted to 0).
    prepare: async (ctx) => {
      const site = await stockSite(ctx);
      const line = made(
        await ctx.admin.post('/api/wms/inventory', {
          facilityId: site.facility,
          productId: site.product,
          binId: site.bin,
          quantity: 0,
        }),
      );
      return { params: { id: line }, state: site };
    },
    effect: stockIs(''),
  },
} satisfies Record<string, Act>);

// --- settings and privacy (issue #52.12) --------------------------------------------------------------
// Tenant-wide settings have one record: only routes with a single allowed caller (the admin) are proven
// here, so no two cells write the same record at once.

const incidentOf = async (ctx: ActContext, id: string) =>
  rowsOf((await ctx.admin.get('/api/privacy/incidents')).body).find((i) => i.id === id);

Object.assign(ACTS, {
  'PUT /api/privacy/retention': {
    prepare: async (ctx) => {
      const current = (await ctx.admin.get('/api/privacy/retention')).body;
      return {
        body: {
          checkinPhotos: 31,
          licenceImages: 181,
          messageBodies: 91,
          fastagCrossings: 48,
          closedAppointments: 200 + (ctx.n % 50),
          revision: current.revision ?? 0,
        },
        state: { closedAppointments: String(200 + (ctx.n % 50)) },
      };
    },
    effect: async (ctx, p) => {
      const policy = (await ctx.admin.get('/api/privacy/retention')).body;
      return policy?.checkinPhotos === 31 &&
        policy.fastagCrossings === 48 &&
        String(policy.closedAppointments) === p.state!.closedAppointments
        ? null
        : `policy is ${JSON.stringify(policy)}`;
    },
  },
  'PUT /api/gate/settings': {
    prepare: async (ctx) => {
      const username = `matrix-${ctx.n}`;
      return {
        body: {
          // Off: saved and read back, no gate call is made with it.
          enabled: false,
          baseUrl: 'https://ulip.example.in',
          username,
          password: 'matrix-secret',
          checks: { VAHAN: true, SARATHI: false, FASTAG: false, EWAYBILL: false },
          outcomes: Object.fromEntries(GATE_RULES.map((r) => [r, 'HOLD'])),
          cacheHours: 6,
          offlineDeviceHours: 12,
          offlinePhoneMinutes: 15,
        },
        state: { name: username },
      };
    },
    effect: async (ctx, p) => {
      const settings = (await ctx.admin.get('/api/gate/settings')).body;
      return settings?.username === p.state!.name && settings.hasPassword === true && settings.cacheHours === 6
        ? null
        : `settings are ${JSON.stringify(settings)}`;
    },
  },
  'POST /api/privacy/incidents/{id}/steps': {
    prepare: async (ctx) => ({
      params: {
        id: made(
          await ctx.admin.post('/api/privacy/incidents', {
            title: unique('Matrix incident'),
            description: 'Recorded by the permission matrix.',
            discoveredAt: '2026-11-20T10:00:00+05:30',
            dataKinds: ['names'],
            affectedFrom: '2026-11-19',
            affectedTo: '2026-11-19',
            measures: 'None needed: a test record.',
            contact: 'matrix@example.in',
          }),
        ),
      },
      body: { step: 'board_notified' },
    }),
    effect: async (ctx, p) => {
      const incident = await incidentOf(ctx, p.params!.id!);
      return incident?.boardNotifiedAt && !incident.closedAt ? null : `incident is ${JSON.stringify(incident)}`;
    },
  },
} satisfies Record<string, Act>);

// --- per-facility settings and renames of the caller's own records (issue #52.12) ---------------------

/** A facility of the caller's own, for the settings kept per facility. */
const ownFacility = async (ctx: ActContext) =>
  made(
    await ctx.admin.post('/api/facilities', {
      name: unique('Matrix Settings'),
      address: 'Plot 9, MIDC',
      operatingHoursStart: '08:00',
      operatingHoursEnd: '18:00',
    }),
  );

/** The record of `list` with the id, or undefined. */
const found = async (ctx: ActContext, list: string, id: string) =>
  rowsOf((await ctx.admin.get(list)).body).find((x) => x.id === id);

Object.assign(ACTS, {
  'PUT /api/wms/facilities/{id}/settings': {
    prepare: async (ctx) => ({
      params: { id: await ownFacility(ctx) },
      body: { binCodePattern: 'MX-{aisle}-{rack:2}-{level}' },
    }),
    effect: async (ctx, p) => {
      const settings = (await ctx.admin.get(`/api/wms/facilities/${p.params!.id}/settings`)).body;
      return JSON.stringify(settings).includes('MX-{aisle}-{rack:2}-{level}')
        ? null
        : `settings are ${JSON.stringify(settings)}`;
    },
  },
  'PUT /api/bookings/facilities/{id}/rules': {
    prepare: async (ctx) => ({
      params: { id: await ownFacility(ctx) },
      body: { minLeadHours: 2, maxLeadHours: 240, changeCutoffHours: 4, approvalRequired: true, reminderMinutes: 90 },
    }),
    effect: async (ctx, p) => {
      const rules = (await ctx.admin.get(`/api/bookings/facilities/${p.params!.id}/rules`)).body;
      return rules?.approvalRequired === true && rules.minLeadHours === 2 && rules.reminderMinutes === 90
        ? null
        : `rules are ${JSON.stringify(rules)}`;
    },
  },
  'PUT /api/trips/settings': {
    prepare: async (ctx) => {
      const facility = await ownFacility(ctx);
      return {
        query: `?facilityId=${facility}`,
        body: {
          enabled: false,
          latitude: null,
          longitude: null,
          startHoursBefore: 3,
          roadFactor: 1.4,
          graceMinutes: 30,
          callEveryMinutes: 15,
          noEntry: { from: '08:00', to: '22:00' },
          reslotNeedsApproval: true,
        },
        state: { facility },
      };
    },
    effect: async (ctx, p) => {
      const settings = (await ctx.admin.get(`/api/trips/settings?facilityId=${p.state!.facility}`)).body;
      return settings?.startHoursBefore === 3 && settings.reslotNeedsApproval === true && settings.graceMinutes === 30
        ? null
        : `settings are ${JSON.stringify(settings)}`;
    },
  },
  'PATCH /api/facilities/{id}/dock-doors/{doorId}': {
    prepare: async (ctx) => ({
      params: { doorId: await doorOf(ctx, ctx.r.facility, 'P') },
      body: { doorType: 'refrigerated' },
    }),
    effect: async (ctx, p) => {
      const door = await found(ctx, `/api/facilities/${ctx.r.facility}/dock-doors`, p.params!.doorId!);
      return door?.doorType === 'refrigerated' ? null : `door is ${JSON.stringify(door)}`;
    },
  },
  'PUT /api/wms/bins/{id}': {
    prepare: async (ctx) => {
      const id = made(
        await ctx.admin.post('/api/wms/bins', { zoneId: ctx.r.zone, binCode: `RB-${ctx.n}`, binType: 'shelf' }),
      );
      const name = `RB-${ctx.n}-X`;
      return { params: { id }, body: { zoneId: ctx.r.zone, binCode: name, binType: 'shelf' }, state: { name } };
    },
    effect: renamed((ctx) => `/api/wms/bins?zoneId=${ctx.r.zone}&limit=100`),
  },
  'PUT /api/appointment-types/facilities/{id}/fields/{fieldId}': {
    prepare: async (ctx) => {
      const setup = `/api/appointment-types/facilities/${ctx.r.facility}`;
      const fieldId = made(await ctx.admin.post(`${setup}/fields`, { label: unique('To rename'), kind: 'text' }));
      const name = unique('Renamed seal');
      return { params: { fieldId }, body: { field: { label: name, kind: 'text' } }, state: { name } };
    },
    effect: renamed((ctx) => `/api/appointment-types/facilities/${ctx.r.facility}`),
  },
  'PATCH /api/integrations/systems/{id}': {
    prepare: async (ctx) => {
      const id = made(await ctx.admin.post('/api/integrations/systems', ctx.r.systemBody()));
      const name = unique('Renamed TMS');
      return { params: { id }, body: { name }, state: { name } };
    },
    effect: renamed(() => '/api/integrations/systems'),
  },
  'PATCH /api/integrations/systems/{id}/endpoints/{endpointId}': {
    prepare: async (ctx) => {
      const endpointId = made(
        await ctx.admin.post(`/api/integrations/systems/${ctx.r.system}/endpoints`, {
          name: unique('To rename'),
          endpoint: `/rename/${ctx.n}`,
        }),
      );
      const name = unique('Renamed endpoint');
      return { params: { endpointId }, body: { name }, state: { name } };
    },
    effect: renamed((ctx) => `/api/integrations/systems/${ctx.r.system}/endpoints`),
  },
  'PATCH /api/integrations/systems/{id}/webhooks/{webhookId}': {
    prepare: async (ctx) => ({
      params: {
        webhookId: made(
          await ctx.admin.post(`/api/integrations/systems/${ctx.r.system}/webhooks`, {
            eventType: 'appointment.created',
            webhookUrl: `https://tms.example.com/pause/${ctx.n}`,
          }),
        ),
      },
      body: { isActive: false },
    }),
    effect: async (ctx, p) => {
      const hook = await found(ctx, `/api/integrations/systems/${ctx.r.system}/webhooks`, p.params!.webhookId!);
      return hook?.isActive === false ? null : `webhook is ${JSON.stringify(hook)}`;
    },
  },
} satisfies Record<string, Act>);

// --- issues, links and keys, erasure decisions, bin ranges and cycle counts (issue #52.12) ------------

/** A pending erasure request of a fresh driver of the tenant (written through the privacy store). */
let pendingErasureOf: ((tenantAdmin: Client) => Promise<string>) | null = null;
export const usePendingErasures = (make: (tenantAdmin: Client) => Promise<string>) => {
  pendingErasureOf = make;
};
const erasureOf = async (ctx: ActContext, id: string) =>
  rowsOf((await ctx.admin.get('/api/privacy/erasure-requests')).body).find((r) => r.id === id);

/** A facility of the caller's own with 5 units of a product received (no bin), and a full count of it. */
async function countOf(ctx: ActContext, started: boolean) {
  const facility = await ownFacility(ctx);
  const product = made(
    await ctx.admin.post('/api/wms/products', { sku: `MXC-${randomUUID().slice(0, 6)}`, name: unique('Counted') }),
  );
  const received = await ctx.admin.post('/api/wms/inventory/receive', {
    facilityId: facility,
    productId: product,
    quantity: 5,
  });
  if (received.status !== 201) throw new Error(`act set-up failed: ${received.status} ${received.text}`);
  const count = made(await ctx.admin.post('/api/wms/cycle-counts', { facilityId: facility, countType: 'full' }));
  if (started) {
    const start = await ctx.admin.post(`/api/wms/cycle-counts/${count}/start`, {});
    if (start.status !== 200) throw new Error(`act set-up failed: ${start.status} ${start.text}`);
  }
  return { facility, count };
}
const countStatus = async (ctx: ActContext, id: string) =>
  (await found(ctx, '/api/wms/cycle-counts?limit=100', id))?.status;
const itemsOf = async (ctx: ActContext, count: string) =>
  rowsOf((await ctx.admin.get(`/api/wms/cycle-counts/${count}/items`)).body);

Object.assign(ACTS, {
  'POST /api/appointments/{id}/issues': {
    prepare: async (ctx) => {
      const description = unique('Forklift blocked at the matrix door');
      return { params: { id: await freshAppointment(ctx) }, body: { description }, state: { name: description } };
    },
    effect: async (ctx, p) =>
      JSON.stringify((await ctx.admin.get('/api/notifications')).body).includes(p.state!.name!)
        ? null
        : 'the issue is not in the notifications feed',
  },
  'POST /api/facilities/{id}/link/rotate': {
    prepare: async (ctx) => {
      const id = await ownFacility(ctx);
      const before = await ctx.admin.get(`/api/facilities/${id}/link`);
      if (before.status !== 200 || !before.body?.token) throw new Error(`act set-up failed: ${before.text}`);
      return { params: { id }, body: {}, state: { token: before.body.token } };
    },
    effect: async (ctx, p) => {
      const token = (await ctx.admin.get(`/api/facilities/${p.params!.id}/link`)).body?.token;
      return token && token !== p.state!.token ? null : `the link is still ${token}`;
    },
  },
  'POST /api/gate/pass-keys/rotate': {
    prepare: async (ctx) => {
      const facility = await ownFacility(ctx);
      return { body: { facilityId: facility }, state: { facility } };
    },
    effect: async (ctx, p, res) => {
      const kit = (await ctx.admin.get(`/api/gate/pass-keys?facilityId=${p.state!.facility}`)).body;
      const kids = ((kit?.keys ?? []) as { kid: string }[]).map((k) => k.kid);
      return res.body?.kid && kids.includes(res.body.kid) ? null : `keys are ${JSON.stringify(kids)}`;
    },
  },
  'POST /api/privacy/erasure-requests/{id}/refuse': {
    prepare: async (ctx) => ({
      params: { id: await pendingErasureOf!(ctx.admin) },
      body: { reason: 'Kept for a legal hold by the matrix' },
    }),
    effect: async (ctx, p) => {
      const request = await erasureOf(ctx, p.params!.id!);
      return request?.status === 'refused' ? null : `request is ${JSON.stringify(request)}`;
    },
  },
  'POST /api/privacy/erasure-requests/{id}/complete': {
    prepare: async (ctx) => ({ params: { id: await pendingErasureOf!(ctx.admin) }, body: {} }),
    effect: async (ctx, p) => {
      const request = await erasureOf(ctx, p.params!.id!);
      return ['erasing', 'completed'].includes(request?.status as string)
        ? null
        : `request is ${JSON.stringify(request)}`;
    },
  },
  'POST /api/wms/bins/range': {
    // A zone of the act's own: the range's codes (from the facility's pattern) are then the act's alone.
    prepare: async (ctx) => {
      const zone = made(
        await ctx.admin.post('/api/wms/zones', {
          facilityId: ctx.r.facility,
          name: unique('Range Zone'),
          code: `RG${ctx.n}`,
          zoneType: 'storage',
        }),
      );
      return {
        body: {
          zoneId: zone,
          binType: 'shelf',
          aisleFrom: 'A',
          aisleTo: 'B',
          rackFrom: 1,
          rackTo: 2,
          levelFrom: 0,
          levelTo: 0,
        },
        state: { zone },
      };
    },
    effect: async (ctx, p) => {
      const bins = rowsOf((await ctx.admin.get(`/api/wms/bins?zoneId=${p.state!.zone}&limit=100`)).body);
      return bins.length === 4 ? null : `the zone holds ${bins.length} bins`;
    },
  },
  'POST /api/wms/cycle-counts': {
    prepare: async (ctx) => ({ body: { facilityId: await ownFacility(ctx), countType: 'full' } }),
    effect: async (ctx, _p, res) => {
      const status = await countStatus(ctx, res.body?.id);
      return status === 'planned' ? null : `count is ${status}`;
    },
  },
  'POST /api/wms/cycle-counts/{id}/start': {
    prepare: async (ctx) => ({ params: { id: (await countOf(ctx, false)).count }, body: {} }),
    effect: async (ctx, p) => {
      const status = await countStatus(ctx, p.params!.id!);
      const items = await itemsOf(ctx, p.params!.id!);
      return status === 'active' && items.length === 1 ? null : `count is ${status} with ${items.length} lines`;
    },
  },
  'POST /api/wms/cycle-counts/{id}/cancel': {
    prepare: async (ctx) => ({ params: { id: (await countOf(ctx, true)).count }, body: {} }),
    effect: async (ctx, p) => {
      const status = await countStatus(ctx, p.params!.id!);
      return status === 'cancelled' ? null : `count is ${status}`;
    },
  },
  'PATCH /api/wms/cycle-count-items/{id}': {
    prepare: async (ctx) => {
      const { count } = await countOf(ctx, true);
      const item = (await itemsOf(ctx, count))[0]?.id as string | undefined;
      if (!item) throw new Error('act set-up failed: no count sheet line');
      return { params: { id: item }, body: { countedQuantity: 4 }, state: { count } };
    },
    effect: async (ctx, p) => {
      const item = (await itemsOf(ctx, p.state!.count!)).find((i) => i.id === p.params!.id);
      return item?.countedQuantity === 4 ? null : `line is ${JSON.stringify(item)}`;
    },
  },
  'POST /api/wms/cycle-counts/{id}/complete': {
    prepare: async (ctx) => {
      const { count, facility } = await countOf(ctx, true);
      const item = (await itemsOf(ctx, count))[0]?.id as string | undefined;
      const counted = await ctx.admin.request('PATCH', `/api/wms/cycle-count-items/${item}`, {
        body: { countedQuantity: 4 },
      });
      if (counted.status !== 200) throw new Error(`act set-up failed: ${counted.status} ${counted.text}`);
      return { params: { id: count }, body: {}, state: { facility } };
    },
    effect: async (ctx, p) => {
      const status = await countStatus(ctx, p.params!.id!);
      const stock = (await linesOf(ctx, p.state!.facility!)).map((l) => l.quantity);
      return status === 'completed' && stock.join() === '4' ? null : `count is ${status}, stock ${stock.join()}`;
    },
  },
} satisfies Record<string, Act>);

// --- yard spots, slots and webhook tests (issue #52.12) ------------------------------------

/** A yard spot of the matrix facility (spots have no create route: written through the yard store). */
let yardSpotOf: ((facility: string) => Promise<string>) | null = null;
/** The tenant of the act's records (the admin's session). */
const tenantOf = async (ctx: ActContext) => ((await ctx.admin.get('/api/auth/user')).body as SessionUser).tenantId;
/** A yard move of the act's hub, read back through its list (issue #58.4). */
const yardTaskOf = async (ctx: ActContext, taskId: string) =>
  (
    (await ctx.admin.get(`/api/facilities/${ctx.r.facility}/yard-tasks`)).body?.tasks as { id: string; state: string }[]
  )?.find((t) => t.id === taskId);

export const useYardSpots = (make: (facility: string) => Promise<string>) => {
  yardSpotOf = make;
};

Object.assign(ACTS, {
  'PATCH /api/yard-spots/{spotId}/status': {
    prepare: async (ctx) => ({
      params: { spotId: await yardSpotOf!(ctx.r.facility) },
      body: { status: 'maintenance' },
    }),
    effect: async (ctx, p) => {
      const spot = await found(ctx, `/api/facilities/${ctx.r.facility}/yard-spots`, p.params!.spotId!);
      return spot?.status === 'maintenance' ? null : `spot is ${JSON.stringify(spot)}`;
    },
  },
  'PATCH /api/facilities/{id}/time-slots/{slotId}': {
    prepare: async (ctx) => {
      const id = await ownFacility(ctx);
      const day = addDays(ctx.firstDay, 3);
      return { params: { id, slotId: `${day}_0900` }, body: { isBlocked: true }, state: { day } };
    },
    effect: async (ctx, p) => {
      const slots = rowsOf(
        (await ctx.admin.get(`/api/facilities/${p.params!.id}/time-slots?date=${p.state!.day}`)).body,
      );
      const slot = slots.find((s) => s.id === p.params!.slotId);
      return slot?.isBlocked === true ? null : `slot is ${JSON.stringify(slot)}`;
    },
  },
  'POST /api/integrations/systems/{id}/webhooks/{webhookId}/test': {
    prepare: async (ctx) => ({
      params: {
        webhookId: made(
          await ctx.admin.post(`/api/integrations/systems/${ctx.r.system}/webhooks`, {
            eventType: 'appointment.created',
            webhookUrl: `${new URL(String(ctx.r.systemBody().baseUrl)).origin}/webhooks`,
          }),
        ),
      },
      body: {},
    }),
    effect: async (ctx, p, res) => {
      const deliveries = await ctx.admin.get(
        `/api/integrations/systems/${ctx.r.system}/webhooks/${p.params!.webhookId}/deliveries`,
      );
      return res.body?.eventId && has(deliveries, res.body.eventId) ? null : `no delivery ${res.body?.eventId}`;
    },
  },
} satisfies Record<string, Act>);

// --- messaging, the driver's own data, tenancy, the gate, the yard, integrations, PO lists and booking
// links (issue #52.12): the last write routes, each proven like the rest.

/** A mobile number of the act's own: no two acts message one number, so the 60-second duplicate guard never meets them. */
const mobileOf = (ctx: ActContext) => `70${String(ctx.n).padStart(8, '0')}`;
const e164 = (mobile: string) => `+91${mobile}`;
/** A message reached its channel (the local sink stands in for the provider). */
const CARRIED = ['queued', 'sent', 'delivered'];

/** The message log's first entry that `match` picks, read page by page from the newest. */
async function loggedMessage(ctx: ActContext, match: (m: Record<string, unknown>) => boolean) {
  let cursor: string | null = null;
  for (let page = 0; page < 20; page++) {
    const res = await ctx.admin.get(
      `/api/messaging/messages?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    const hit = rowsOf(res.body).find(match);
    if (hit || !res.body?.nextCursor) return hit;
    cursor = res.body.nextCursor as string;
  }
  return undefined;
}

/** The logged message of an outcome went to `to` with the template and reached its channel. */
const sentAs = async (ctx: ActContext, messageId: unknown, to: string, template: string) => {
  if (typeof messageId !== 'string') return `no message id in the answer`;
  const m = await loggedMessage(ctx, (x) => x.id === messageId);
  return m?.to === to && m.template === template && CARRIED.includes(m.status as string)
    ? null
    : `the log holds ${JSON.stringify(m)}`;
};

/** The caller's own driver record: only the driver column's account is linked to one (mine.ownDriver). */
const NO_DRIVER_RECORD = { status: 409, message: 'No driver record is linked to this account' };
const ownsDriver = (ctx: ActContext) => ctx.column === 'driver';
const ownDriverRecord = async (ctx: ActContext) =>
  rowsOf((await ctx.admin.get(`/api/carriers/${ctx.r.ownCarrier}/drivers`)).body).find((d) => d.id === ctx.r.ownDriver);

Object.assign(ACTS, {
  'POST /api/messaging/test': {
    prepare: async (ctx) => ({
      body: { channel: 'sms', to: mobileOf(ctx), language: 'en' },
      state: { to: mobileOf(ctx) },
    }),
    effect: async (ctx, p, res) => sentAs(ctx, res.body?.outcome?.messageId, e164(p.state!.to!), 'test_message'),
  },
  'POST /api/notifications/send': {
    prepare: async (ctx) => ({
      body: {
        to: mobileOf(ctx),
        channels: ['sms'],
        language: 'en',
        templateKey: 'dock_assigned',
        message: `Dock M${ctx.n} assigned! Please proceed for loading/unloading.`,
      },
      state: { to: mobileOf(ctx) },
    }),
    effect: async (ctx, p, res) => sentAs(ctx, res.body?.outcomes?.[0]?.messageId, e164(p.state!.to!), 'dock_assigned'),
  },
  'POST /api/messaging/driver-messages': {
    // A driver of the caller's own with a mobile number, reached on SMS (a driver's default channel).
    prepare: async (ctx) => {
      const driverId = made(
        await ctx.admin.post('/api/drivers', {
          carrierId: ctx.r.ownCarrier,
          name: unique('Messaged Driver'),
          phone: mobileOf(ctx),
          licenseNumber: `MH17${String(ctx.n).padStart(11, '0')}`,
        }),
      );
      return {
        body: { recipient: { kind: 'driver', carrierId: ctx.r.ownCarrier, driverId }, templateKey: 'test_message' },
        state: { to: mobileOf(ctx) },
      };
    },
    effect: async (ctx, p, res) =>
      res.body?.sentOn === 'sms'
        ? sentAs(ctx, res.body.outcomes?.[0]?.messageId, e164(p.state!.to!), 'test_message')
        : `sent on ${res.body?.sentOn}`,
  },
  'POST /api/messaging/opt-outs': {
    prepare: async (ctx) => ({ body: { phone: mobileOf(ctx), optedOut: true }, state: { to: mobileOf(ctx) } }),
    // No route reads an opt-out back: the next SMS to the number is suppressed, nothing sent.
    effect: async (ctx, p) => {
      const next = await ctx.admin.post('/api/messaging/test', { channel: 'sms', to: p.state!.to, language: 'en' });
      return next.status === 200 &&
        next.body.outcome?.status === 'suppressed' &&
        next.body.outcome.reason === 'The recipient opted out (STOP); nothing was sent'
        ? null
        : `the next SMS was answered ${next.status} ${JSON.stringify(next.body?.outcome ?? next.body)}`;
    },
  },
  // The one tenant-wide record: its callers are walked one at a time (the matrix's SERIAL rows).
  'PUT /api/messaging/settings': {
    prepare: async (ctx) => {
      const minutes = String(20 + (ctx.n % 200));
      return { body: { delayAlertMinutes: Number(minutes) }, state: { minutes } };
    },
    effect: async (ctx, p) => {
      const settings = (await ctx.admin.get('/api/messaging/settings')).body;
      // Fields left out stay: the hub's DLT registration is still the one the sends above use.
      return String(settings?.delayAlertMinutes) === p.state!.minutes && settings.dlt?.demo === false
        ? null
        : `settings are ${JSON.stringify(settings)}`;
    },
  },
  'PATCH /api/driver/preferences': {
    prepare: async (ctx) =>
      ownsDriver(ctx)
        ? { body: { preferredLanguage: 'hi' } }
        : { body: { preferredLanguage: 'hi' }, answer: NO_DRIVER_RECORD },
    effect: async (ctx) => {
      const driver = await ownDriverRecord(ctx);
      return driver?.preferredLanguage === 'hi' ? null : `driver is ${JSON.stringify(driver)}`;
    },
  },
  'PATCH /api/privacy/my-data': {
    prepare: async (ctx) => {
      const body = { name: 'Own Driver Patil' };
      return ownsDriver(ctx) ? { body, state: { name: body.name } } : { body, answer: NO_DRIVER_RECORD };
    },
    effect: async (ctx, p) => {
      const mine = (await ctx.caller!.get('/api/privacy/my-data')).body;
      return mine?.driver?.name === p.state!.name ? null : `my data is ${JSON.stringify(mine?.driver)}`;
    },
  },
  'POST /api/privacy/erasure-requests': {
    prepare: async (ctx) => (ownsDriver(ctx) ? { body: {} } : { body: {}, answer: NO_DRIVER_RECORD }),
    effect: async (ctx, _p, res) => {
      const request = await erasureOf(ctx, res.body?.id);
      return request?.status === 'pending' && request.driverId === ctx.r.ownDriver
        ? null
        : `request is ${JSON.stringify(request)}`;
    },
  },
  'POST /api/privacy/tenant-exports': {
    effect: async (ctx, _p, res) => {
      const started = rowsOf((await ctx.admin.get('/api/privacy/tenant-exports')).body).find(
        (e) => e.id === res.body?.id,
      );
      return res.status === 202 && started?.status === 'running' ? null : `export is ${JSON.stringify(started)}`;
    },
  },
  // Closing makes the tenant read-only for everyone: walked when every other row is done (SERIAL).
  'POST /api/tenancy/close': {
    prepare: async (ctx) => ({ body: { tenantName: ctx.r.tenantName } }),
    effect: async (ctx) => {
      const closing = (await ctx.admin.get('/api/tenancy/closing')).body;
      return closing?.closedAt && closing.erasesAt ? null : `closing is ${JSON.stringify(closing)}`;
    },
  },
  'POST /api/tenancy/reopen': {
    prepare: async () => ({ body: {} }),
    effect: async (ctx) => {
      const closing = (await ctx.admin.get('/api/tenancy/closing')).body;
      return closing && closing.closedAt === null ? null : `closing is ${JSON.stringify(closing)}`;
    },
  },
  'POST /api/auth/switch-tenant': {
    prepare: async (ctx) => ({ body: { tenantId: ctx.r.memberTenant } }),
    effect: async (ctx) => {
      const me = (await ctx.caller!.get('/api/auth/user')).body;
      return me?.tenantId === ctx.r.memberTenant && me.role === 'spectator'
        ? null
        : `the session acts as ${JSON.stringify({ tenantId: me?.tenantId, role: me?.role })}`;
    },
  },
} satisfies Record<string, Act>);

/** A check-in held at the gate by the registry checks (made while the tenant's gate checks were on). */
let heldCheckinOf: (() => Promise<string>) | null = null;
export const useHeldCheckins = (make: () => Promise<string>) => {
  heldCheckinOf = make;
};

/** A facility of the act's own where it is 10:xx now (check-in open for a 12:00 appointment). */
const ownHub = async (ctx: ActContext) =>
  made(
    await ctx.admin.post('/api/facilities', {
      name: unique('Matrix Yard Hub'),
      address: 'Plot 1, MIDC',
      operatingHoursStart: '00:00',
      operatingHoursEnd: '23:45',
      timeZone: zoneAtTenNow(),
    }),
  );

const approvingHubs = new Map<Client, Promise<string>>();
/** A facility of the tenant whose carrier bookings wait for staff approval (one per admin, made once). */
const approvingHub = (ctx: ActContext) => {
  if (!approvingHubs.has(ctx.admin))
    approvingHubs.set(
      ctx.admin,
      (async () => {
        const id = await ownFacility(ctx);
        const rules = await ctx.admin.request('PUT', `/api/bookings/facilities/${id}/rules`, {
          body: {
            minLeadHours: 2,
            maxLeadHours: 720,
            changeCutoffHours: 4,
            approvalRequired: true,
            reminderMinutes: 90,
          },
        });
        if (rules.status !== 200) throw new Error(`act set-up failed: ${rules.status} ${rules.text}`);
        return id;
      })(),
    );
  return approvingHubs.get(ctx.admin)!;
};

/** A booking of the tenant's own carrier by its carrier-side account at the approving facility: pending_approval. */
async function awaitingApproval(ctx: ActContext) {
  const res = await ctx.booker!.post('/api/appointments', {
    facilityId: await approvingHub(ctx),
    carrierId: ctx.r.ownCarrier,
    ...windowOf(ctx),
  });
  const id = made(res);
  if (res.body.status !== 'pending_approval') throw new Error(`act set-up failed: booked ${res.body.status}`);
  return id;
}

Object.assign(ACTS, {
  'POST /api/checkins/{id}/gate-override': {
    prepare: async () => ({
      params: { id: await heldCheckinOf!() },
      body: { reason: 'Licence with transport class seen at the gate' },
    }),
    effect: async (ctx, p) => {
      const gate = (await checkinOf(ctx, p.params!.id!))?.gate as { decision?: string; override?: { reason?: string } };
      return gate?.decision === 'HOLD' && gate.override?.reason === 'Licence with transport class seen at the gate'
        ? null
        : `gate is ${JSON.stringify(gate)}`;
    },
  },
  // Yard moves (issue #58.4): a move of the caller's own hub made open (started) through the yard's store, as the
  // door plan's worker makes it; started (finished) by the caller, read back in the hub's list.
  'POST /api/yard-tasks/{taskId}/start': {
    prepare: async (ctx) => ({ params: { taskId: await makeYardTask(await tenantOf(ctx), ctx.r.facility, 'open') } }),
    effect: async (ctx, p) => {
      const task = await yardTaskOf(ctx, p.params!.taskId!);
      return task?.state === 'started' ? null : `task is ${JSON.stringify(task)}`;
    },
  },
  'POST /api/yard-tasks/{taskId}/finish': {
    prepare: async (ctx) => ({
      params: { taskId: await makeYardTask(await tenantOf(ctx), ctx.r.facility, 'started') },
    }),
    effect: async (ctx, p) => {
      const task = await yardTaskOf(ctx, p.params!.taskId!);
      return task?.state === 'done' ? null : `task is ${JSON.stringify(task)}`;
    },
  },
  // A new hub of the caller's (trailers not dropped, the default) set to drop them.
  'PUT /api/facilities/{id}/yard-settings': {
    prepare: async (ctx) => ({ params: { id: await ownFacility(ctx) }, body: { dropTrailers: true } }),
    effect: async (ctx, p) => {
      const list = (await ctx.admin.get(`/api/facilities/${p.params!.id}/yard-tasks`)).body;
      return list?.dropTrailers === true ? null : `settings read back as ${JSON.stringify(list)}`;
    },
  },
  'POST /api/yard/assign-spots': {
    // A hub of the act's own with one free spot and one truck waiting in the yard (checked in, at no spot).
    prepare: async (ctx) => {
      const facility = await ownHub(ctx);
      const spot = await yardSpotOf!(facility);
      const { checkin } = await checkedIn(ctx, facility);
      return { body: { facilityId: facility }, state: { facility, spot, checkin, plate: plateOf(ctx) } };
    },
    effect: async (ctx, p, res) => {
      const placed = (res.body?.placed ?? []) as { spotId: string; checkinId: string }[];
      if (placed.length !== 1 || placed[0]!.spotId !== p.state!.spot || placed[0]!.checkinId !== p.state!.checkin)
        return `placed ${JSON.stringify(placed)}`;
      const spot = await found(ctx, `/api/facilities/${p.state!.facility}/yard-spots`, p.state!.spot);
      return spot?.currentAssetId === p.state!.plate && spot?.status === 'occupied'
        ? null
        : `spot is ${JSON.stringify(spot)}`;
    },
  },
  'POST /api/appointments/{id}/approve': {
    prepare: async (ctx) => ({ params: { id: await awaitingApproval(ctx) }, body: {} }),
    effect: async (ctx, p) => {
      const a = await appointmentOf(ctx, p.params!.id!);
      return a?.status === 'scheduled' && a.approval?.decision === 'approved' ? null : `appointment is ${a?.status}`;
    },
  },
  'POST /api/appointments/{id}/refuse': {
    prepare: async (ctx) => ({
      params: { id: await awaitingApproval(ctx) },
      body: { reason: 'Refused by the matrix' },
    }),
    effect: async (ctx, p) => {
      const a = await appointmentOf(ctx, p.params!.id!);
      return a?.status === 'cancelled' &&
        a.approval?.decision === 'refused' &&
        a.cancellationReason === 'Refused by the matrix'
        ? null
        : `appointment is ${a?.status}`;
    },
  },
} satisfies Record<string, Act>);

/** The fake TMS's own address (the matrix's systems check its /health). */
const tmsOrigin = (ctx: ActContext) => new URL(String(ctx.r.systemBody().baseUrl)).origin;

/** A ping to the system's inbound webhook, signed (Standard Webhooks, the reference library) with `secret`. */
function inboundPing(ctx: ActContext, systemId: string, secret: string) {
  const body = JSON.stringify({ type: 'ping' });
  const id = `msg_${randomUUID().replace(/-/g, '')}`;
  const at = new Date();
  return ctx.admin.request('POST', `/api/integrations/inbound/${systemId}`, {
    rawBody: body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, at, body),
    },
  });
}

const refs = (facility: string) => `/api/references/facilities/${facility}`;
/** A PO list of one open order of the act's own, as the upload takes it. */
const poFile = (po: string) =>
  ['po,supplier,sku,quantity,windowStart,windowEnd', `${po},Parle Agro,SKU-1,10,,`].join('\n');
/** A facility of the act's own that checks POs against its uploaded list. */
async function listFacility(ctx: ActContext) {
  const id = await ownFacility(ctx);
  const saved = await ctx.admin.request('PUT', `${refs(id)}/policy`, { body: { mode: 'list' } });
  if (saved.status !== 200) throw new Error(`act set-up failed: ${saved.status} ${saved.text}`);
  return { id, po: `45${String(ctx.n).padStart(8, '0')}` };
}
const ordersOf = async (ctx: ActContext, facility: string) =>
  rowsOf((await ctx.admin.get(`${refs(facility)}/orders`)).body) as { po?: string; isOpen?: boolean }[];

/** A booking link of the act's own, with the code it was made with. */
async function ownLink(ctx: ActContext) {
  const res = await ctx.admin.post('/api/booking-links', { facilityId: ctx.r.facility, label: unique('Matrix link') });
  if (res.status !== 201 || !res.body?.code) throw new Error(`act set-up failed: ${res.status} ${res.text}`);
  return { id: res.body.link.id as string, token: res.body.link.token as string, code: res.body.code as string };
}

Object.assign(ACTS, {
  'POST /api/integrations/systems/{id}/rotate-secret': {
    prepare: async (ctx) => {
      const created = await ctx.admin.post('/api/integrations/systems', ctx.r.systemBody());
      return { params: { id: made(created) }, body: {}, state: { secret: created.body.inboundSecret } };
    },
    // The inbound webhook takes the new secret only.
    effect: async (ctx, p, res) => {
      const old = await inboundPing(ctx, p.params!.id!, p.state!.secret!);
      const fresh = await inboundPing(ctx, p.params!.id!, String(res.body?.inboundSecret));
      return old.status === 401 && fresh.status === 200
        ? null
        : `the old secret is answered ${old.status}, the new one ${fresh.status}`;
    },
  },
  'POST /api/integrations/systems/{id}/test': {
    prepare: async (ctx) => ({
      params: { id: made(await ctx.admin.post('/api/integrations/systems', ctx.r.systemBody())) },
      body: {},
    }),
    effect: async (ctx, p) => {
      const system = await found(ctx, '/api/integrations/systems', p.params!.id!);
      const test = system?.lastTest as { success?: boolean; at?: string } | null | undefined;
      return test?.success === true && test.at ? null : `the system's last test is ${JSON.stringify(test)}`;
    },
  },
  'POST /api/integrations/systems/{id}/sync': {
    // A system of its own whose appointment requests endpoint is the fake TMS's.
    prepare: async (ctx) => {
      const id = made(
        await ctx.admin.post('/api/integrations/systems', { ...ctx.r.systemBody(), baseUrl: tmsOrigin(ctx) }),
      );
      const endpointId = made(
        await ctx.admin.post(`/api/integrations/systems/${id}/endpoints`, {
          name: 'Appointment requests',
          method: 'GET',
          endpoint: '/appointment-requests',
          purpose: 'APPOINTMENT_REQUESTS',
        }),
      );
      return { params: { id }, body: { endpointId } };
    },
    effect: async (ctx, p, res) => {
      const logs = rowsOf((await ctx.admin.get(`/api/integrations/systems/${p.params!.id}/logs`)).body);
      const log = logs.find((l) => l.id === res.body?.log?.id);
      return log?.trigger === 'manual' && log.status === 'SUCCESS' ? null : `sync logs are ${JSON.stringify(logs)}`;
    },
  },
  'POST /api/integrations/systems/{id}/webhooks/{webhookId}/deliveries/{eventId}/resend': {
    // A subscription of its own and its test event's delivery.
    prepare: async (ctx) => {
      const webhookId = made(
        await ctx.admin.post(`/api/integrations/systems/${ctx.r.system}/webhooks`, {
          eventType: 'appointment.created',
          webhookUrl: `${tmsOrigin(ctx)}/webhooks`,
        }),
      );
      const test = await ctx.admin.post(`/api/integrations/systems/${ctx.r.system}/webhooks/${webhookId}/test`, {});
      if (!test.body?.eventId) throw new Error(`act set-up failed: ${test.status} ${test.text}`);
      return { params: { webhookId, eventId: test.body.eventId }, body: {} };
    },
    effect: async (ctx, p) => {
      const log = await ctx.admin.get(
        `/api/integrations/systems/${ctx.r.system}/webhooks/${p.params!.webhookId}/deliveries`,
      );
      const attempts = rowsOf(log.body)
        .filter((a) => a.eventId === p.params!.eventId)
        .map((a) => `${a.attempt}:${a.trigger}`)
        .sort();
      return attempts.join() === '1:test,2:resend' ? null : `attempts of the delivery: ${attempts.join()}`;
    },
  },
  'PUT /api/references/facilities/{id}/policy': {
    prepare: async (ctx) => ({
      params: { id: await ownFacility(ctx) },
      body: { mode: 'list', allowSplits: true, overQuantity: 'flag' },
    }),
    effect: async (ctx, p) => {
      const policy = (await ctx.admin.get(`${refs(p.params!.id!)}/policy`)).body;
      return policy?.mode === 'list' && policy.allowSplits === true && policy.overQuantity === 'flag'
        ? null
        : `policy is ${JSON.stringify(policy)}`;
    },
  },
  // A preview changes nothing: its answer is what the file would do, and the list stays empty.
  'POST /api/references/facilities/{id}/orders/preview': {
    prepare: async (ctx) => {
      const { id, po } = await listFacility(ctx);
      return { params: { id }, body: { mode: 'replace', csv: poFile(po) } };
    },
    effect: async (ctx, p, res) => {
      const orders = await ordersOf(ctx, p.params!.id!);
      return res.body?.applied === false && res.body.orders === 1 && res.body.errors?.length === 0 && !orders.length
        ? null
        : `previewed ${JSON.stringify(res.body)}, the list holds ${JSON.stringify(orders)}`;
    },
  },
  'POST /api/references/facilities/{id}/orders/upload': {
    prepare: async (ctx) => {
      const { id, po } = await listFacility(ctx);
      return { params: { id }, body: { mode: 'append', csv: poFile(po) }, state: { name: po } };
    },
    effect: async (ctx, p) => {
      const orders = await ordersOf(ctx, p.params!.id!);
      return orders.some((o) => o.po === p.state!.name && o.isOpen) ? null : `the list holds ${JSON.stringify(orders)}`;
    },
  },
  'POST /api/booking-links/{id}/code': {
    prepare: async (ctx) => {
      const link = await ownLink(ctx);
      return { params: { id: link.id }, body: {}, state: { token: link.token, code: link.code } };
    },
    // The link opens with the new code only.
    effect: async (ctx, p, res) => {
      const open = (code: unknown) => ctx.admin.post(`/api/book/${p.state!.token}`, { code });
      const [old, fresh] = [await open(p.state!.code), await open(res.body?.code)];
      return res.body?.code !== p.state!.code && old.status === 400 && fresh.status === 200
        ? null
        : `the old code is answered ${old.status}, the new one ${fresh.status}`;
    },
  },
  'POST /api/booking-links/{id}/send': {
    prepare: async (ctx) => {
      const link = await ownLink(ctx);
      return {
        params: { id: link.id },
        // The link's own code goes with it (kept sealed with the link, issue #53): none is sent in the body.
        body: { mobileNumber: mobileOf(ctx), channel: 'sms', language: 'en' },
        state: { to: e164(mobileOf(ctx)) },
      };
    },
    effect: async (ctx, p) => {
      const m = await loggedMessage(ctx, (x) => x.to === p.state!.to && x.template === 'booking_link');
      return m && CARRIED.includes(m.status as string) ? null : `the log holds ${JSON.stringify(m)}`;
    },
  },
} satisfies Record<string, Act>);

// --- Dwell and detention (issue #57) ------------------------------------------------------------------
// A facility of the caller's own for the terms; a fresh appointment of its own, arrived (its gate-in),
// for what staff record on a truck's timeline.

/** A fresh appointment of the caller's own, arrived now; its arrival time. */
async function arrivedAppointment(ctx: ActContext) {
  const id = await freshAppointment(ctx);
  const arrived = await ctx.admin.request('PATCH', `/api/appointments/${id}/status`, { body: { status: 'arrived' } });
  if (arrived.status !== 200 || !arrived.body?.arrivedAt) throw new Error(`act set-up failed: ${arrived.text}`);
  return { id, arrivedAt: arrived.body.arrivedAt as string };
}

const timelineOf = async (ctx: ActContext, id: string) =>
  (await ctx.admin.get(`/api/detention/appointments/${id}`)).body as {
    timeline?: { event: string; at: string; source: string; correction?: { original: { at: string } } }[];
    documentsLateParty?: string | null;
  };

Object.assign(ACTS, {
  // A facility's holding area (issue #58.3): every caller saves the same one, call forward left off.
  'PUT /api/holding/area': {
    prepare: async (ctx) => {
      const facility = await ownFacility(ctx);
      return {
        query: `?facilityId=${facility}`,
        body: { name: 'Matrix truck park', kind: 'outside', callForward: false },
        state: { facility },
      };
    },
    effect: async (ctx, p) => {
      const area = (await ctx.admin.get(`/api/holding/area?facilityId=${p.state!.facility}`)).body;
      return area?.name === 'Matrix truck park' && area.kind === 'outside' && area.configured
        ? null
        : `the holding area is ${JSON.stringify(area)}`;
    },
  },
  'PUT /api/detention/terms': {
    prepare: async (ctx) => {
      const facility = await ownFacility(ctx);
      return {
        query: `?facilityId=${facility}`,
        body: { vehicleClass: 'sxl_20ft', freeMinutes: 90, rateRupees: 350.5, graceMinutes: 20, lateFeeRupees: 1000 },
        state: { facility },
      };
    },
    effect: async (ctx, p) => {
      const terms = (await ctx.admin.get(`/api/detention/terms?facilityId=${p.state!.facility}`)).body;
      const sxl = (terms?.classes ?? []).find((c: { vehicleClass: string }) => c.vehicleClass === 'sxl_20ft');
      return sxl?.saved && sxl.ratePaisePerHour === 35050 && sxl.freeMinutes === 90
        ? null
        : `terms are ${JSON.stringify(sxl)}`;
    },
  },
  'POST /api/detention/appointments/{id}/events': {
    prepare: async (ctx) => {
      const { id } = await arrivedAppointment(ctx);
      return { params: { id }, body: { event: 'documents_done', lateParty: 'carrier' } };
    },
    effect: async (ctx, p) => {
      const truck = await timelineOf(ctx, p.params!.id!);
      const done = truck.timeline?.find((e) => e.event === 'documents_done');
      return done && truck.documentsLateParty === 'carrier' ? null : `the truck is ${JSON.stringify(truck)}`;
    },
  },
  'POST /api/detention/appointments/{id}/corrections': {
    prepare: async (ctx) => {
      const { id, arrivedAt } = await arrivedAppointment(ctx);
      const at = new Date(Date.parse(arrivedAt) - 5 * 60_000).toISOString();
      return {
        params: { id },
        body: { event: 'gate_in', at, reason: 'Gate register says five minutes earlier' },
        state: { at, arrivedAt },
      };
    },
    effect: async (ctx, p) => {
      const gateIn = (await timelineOf(ctx, p.params!.id!)).timeline?.find((e) => e.event === 'gate_in');
      return gateIn?.at === p.state!.at && gateIn?.correction?.original.at === p.state!.arrivedAt
        ? null
        : `gate-in is ${JSON.stringify(gateIn)}`;
    },
  },
} satisfies Record<string, Act>);

// --- A carrier's monthly statements (issue #57.3) -----------------------------------------------------
// A statement needs a month that is over and trucks that have left: the acts book a truck of the tenant's
// own carrier on a past day through the service (a past day cannot be booked over HTTP), move it out, and
// issue that month's statement, each act in a month of its own (statements of one carrier and month
// replace each other). Issuing and closing use another carrier and months long past, so no act's month
// meets another's.

/** The month `back` months before this one on the hub's clock (YYYY-MM). */
export function monthsAgo(back: number): string {
  const [y, m] = localDateTime(new Date(), 'Asia/Kolkata').date.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** A departed truck of the carrier on a past day (10:00-13:00 at the facility), booked and moved as `user`. */
export async function pastTruck(user: SessionUser, facilityId: string, carrierId: string, date: string) {
  const at = (time: string) => new Date(`${date}T${time}:00+05:30`);
  const booked = await bookAppointment(
    user,
    {
      facilityId,
      carrierId,
      driverId: null,
      dockDoorId: null,
      laborInchargeId: null,
      vehicleLicense: `MH43ST${String(Math.floor(Math.random() * 9000) + 1000)}`,
      scheduledDate: date,
      scheduledTimeStart: '10:00',
      scheduledTimeEnd: '11:00',
      loadType: 'inbound',
      priority: 'normal',
      bookedBy: 'carrier',
      poNumber: null,
      bolNumber: null,
      palletCount: null,
      cartonCount: null,
      estimatedDuration: 60,
      specialInstructions: null,
      handlingEquipmentNotes: null,
    },
    at('00:00'),
  );
  for (const [status, time] of [
    ['arrived', '10:00'],
    ['departed', '13:00'],
  ] as const)
    await changeAppointmentStatus(contextOf(user), booked.id, status, at(time));
  return booked.id;
}

/** A statement of the tenant's own carrier with one truck, in a month of the act's own. */
async function ownStatement(ctx: ActContext) {
  const user = (await ctx.admin.get('/api/auth/user')).body as SessionUser;
  const month = monthsAgo(ctx.n + 3);
  const line = await pastTruck(user, ctx.r.facility, ctx.r.ownCarrier, `${month}-10`);
  const id = made(await ctx.admin.post('/api/detention/statements', { carrierId: ctx.r.ownCarrier, month }));
  return { id, line };
}

/** A month long past of the act's own, for the acts that issue or close another carrier's statement. */
const pastMonth = (ctx: ActContext, from: number) =>
  `${from + Math.floor(ctx.n / 12)}-${String((ctx.n % 12) + 1).padStart(2, '0')}`;

const statementOf = async (ctx: ActContext, id: string) =>
  (await ctx.admin.get(`/api/detention/statements/${id}`)).body as {
    status?: string;
    lines?: { appointmentId: string; dispute: { status: string; reason: string; reply: string | null } | null }[];
  };
const disputeOf = async (ctx: ActContext, p: Prepared) =>
  (await statementOf(ctx, p.params!.id!)).lines?.find((l) => l.appointmentId === p.params!.appointmentId)?.dispute;

Object.assign(ACTS, {
  'POST /api/detention/statements': {
    prepare: async (ctx) => {
      const month = pastMonth(ctx, 1800);
      return { body: { carrierId: ctx.r.carrier, month }, state: { month } };
    },
    effect: async (ctx, p, res) => {
      const list = await ctx.admin.get(`/api/detention/statements?carrierId=${ctx.r.carrier}&month=${p.state!.month}`);
      const found = (list.body ?? []).find((s: { id: string }) => s.id === res.body?.id);
      return found?.status === 'open' ? null : `the list holds ${list.text}`;
    },
  },
  'POST /api/detention/statements/{id}/close': {
    prepare: async (ctx) => {
      const month = pastMonth(ctx, 1900);
      const id = made(await ctx.admin.post('/api/detention/statements', { carrierId: ctx.r.carrier, month }));
      return { params: { id }, body: {} };
    },
    effect: async (ctx, p) => {
      const s = await statementOf(ctx, p.params!.id!);
      return s.status === 'closed' ? null : `the statement is ${s.status}`;
    },
  },
  'POST /api/detention/statements/{id}/lines/{appointmentId}/dispute': {
    prepare: async (ctx) => {
      const { id, line } = await ownStatement(ctx);
      return { params: { id, appointmentId: line }, body: { reason: 'Disputed by the matrix: out at 12:00' } };
    },
    effect: async (ctx, p) => {
      const dispute = await disputeOf(ctx, p);
      return dispute?.status === 'open' && dispute.reason === 'Disputed by the matrix: out at 12:00'
        ? null
        : `the dispute is ${JSON.stringify(dispute)}`;
    },
  },
  'POST /api/detention/statements/{id}/lines/{appointmentId}/answer': {
    prepare: async (ctx) => {
      const { id, line } = await ownStatement(ctx);
      const disputed = await ctx.booker!.post(`/api/detention/statements/${id}/lines/${line}/dispute`, {
        reason: 'Disputed for the matrix to answer',
      });
      if (disputed.status !== 201) throw new Error(`act set-up failed: ${disputed.text}`);
      return {
        params: { id, appointmentId: line },
        body: { decision: 'answered', reply: 'The gate register says 13:00' },
      };
    },
    effect: async (ctx, p) => {
      const dispute = await disputeOf(ctx, p);
      return dispute?.status === 'answered' && dispute.reply === 'The gate register says 13:00'
        ? null
        : `the dispute is ${JSON.stringify(dispute)}`;
    },
  },
} satisfies Record<string, Act>);

// A platform carrier's links with the hub (issue #59): test/support/authz-carrier-identity.ts.
Object.assign(ACTS, CARRIER_LINK_ACTS);
