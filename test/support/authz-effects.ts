// Issue #52.12: what an "allowed" write of the authorisation matrix (test/integration/authz-matrix.test.ts)
// must do, route by route, written by hand. Each allowed caller acts on a record of its own, made
// through the tenant admin's API before the walk (so cells never interfere), sends a body that passes
// validation, must be answered 2xx, and the change is then read back through the API. A write route of
// the table is either here or named in NOT_YET_PROVEN with why.
import { randomUUID } from 'node:crypto';
import type { Client, HttpResponse } from './api';
import { addDays } from '../../shared/time';

/** The records of the caller's tenant an act builds on (the matrix's own records). */
export interface ActRecords {
  facility: string;
  ownCarrier: string;
  ownDriver: string;
  /** The facility's equipment (one item, free on every day the acts book). */
  equipment: string;
  /** An integration system of the tenant, and a WMS zone of the facility. */
  system: string;
  zone: string;
  /** An integration system's body that passes validation (its base URL is the fake TMS). */
  systemBody: () => Record<string, unknown>;
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
}

export interface Prepared {
  /** Path parameters of the caller's own record (the rest come from the matrix). */
  params?: Record<string, string>;
  body?: unknown;
  /** What the effect check needs to know (the record made, the name sent...). */
  state?: Record<string, string>;
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
