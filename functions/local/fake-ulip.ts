// A fake ULIP (India's Unified Logistics Interface Platform) on loopback, for `npm start`, the tests
// and the journeys (issue #21). It answers like the real one: sign in with username and password for a
// short-lived bearer token, 401 on an expired or unknown token, and each registry in ULIP's envelope
// `{ code, message, response: [{ response }] }` — VAHAN's answer an XML document as a string inside it.
// Fixture vehicles (FAKE_ULIP_FIXTURES) give each rule its failure, a slow answer (> 5 s), HTML, a 5xx;
// any other well-formed number gets a clean record. Every call is counted per API and number.
// FASTAG/01 also answers simulated trucks' toll crossings (trip-simulator.ts, issue #33).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, DEFAULT_TIME_ZONE, localDateTime } from '../../shared/time';
import { fastagEntries, simulateTrip, type SimulatedTrip, type TripPlan } from './trip-simulator';

export const FAKE_ULIP_ACCOUNT = { username: 'docksaathi-demo', password: 'ulip-demo-password-1' } as const;

export const FAKE_ULIP_FIXTURES = {
  clean: 'MH12GC0001',
  expiredPuc: 'MH12GC0002',
  blacklistedTag: 'MH12GC0003',
  slow: 'MH12GC0004',
  garbage: 'MH12GC0005',
  serverError: 'MH12GC0006',
  expiredFitness: 'MH12GC0007',
  emptyRecord: 'MH12GC0008',
  licenceTransport: 'MH1220200012345',
  licenceNoTransport: 'MH1220200099999',
  ewayValid: '111100000001',
  ewayExpired: '111100000002',
  ewayCancelled: '111100000003',
  ewayOtherVehicle: '111100000004',
  /** The vehicle the other-vehicle e-way bill names. */
  otherVehicle: 'KA01ZZ9999',
  /** FASTag does not know it (an empty record). */
  unknownVehicle: 'MH12GC0009',
} as const;

export const SLOW_ANSWER_MS = 7_000;

export interface FakeUlipState {
  accounts: Map<string, string>;
  tokenSeconds: number;
  tokens: Map<string, { username: string; expiresAt: number }>;
  logins: string[];
  /** 'VAHAN/01 MH12GC0001' -> count. */
  calls: Map<string, number>;
  /** 'FASTAG/01 MH12GC0001' -> the fake's clock at each call. */
  callTimes: Map<string, number[]>;
  /** Which account's token each registry call came with, in order. */
  callers: string[];
  /** Registry calls refused with a 401 (expired or unknown token). */
  refused: number;
  /** Simulated trucks (trip-simulator.ts): FASTAG/01 answers their crossings made by `clock()`. */
  trips: Map<string, SimulatedTrip>;
  /** FASTAG/01's txn list for a vehicle, as given (a replay, duplicates, garbage), over any simulation. */
  fastagAnswers: Map<string, unknown[]>;
  /** The fake's time (epoch ms): tests move it to drive the simulated trucks. */
  clock: () => number;
}

export interface FakeUlip {
  url: string;
  state: FakeUlipState;
  /** How many times an API was called for a number ('VAHAN/01', 'MH12GC0001'). */
  callCount(api: string, subject: string): number;
  addAccount(username: string, password: string): void;
  /** Every token issued so far stops working (as when ULIP revokes sessions). */
  expireTokens(): void;
  /** Puts a simulated truck on the road (FASTAG/01 answers its crossings up to the fake's clock). */
  simulate(plan: TripPlan): SimulatedTrip;
  close(): Promise<void>;
}

// The fake answers for the demo hub, whose clock is the facility default.
const today = () => localDateTime(new Date(), DEFAULT_TIME_ZONE).date;
const vahanDate = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${d}-${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(m) - 1]}-${y}`;
};
/** dd/MM/yyyy hh:mm:ss AM|PM as the e-way bill system writes it (India time). */
const ewbTime = (iso: string, hour24: number) => {
  const [y, m, d] = iso.split('-');
  const h = hour24 % 12 || 12;
  return `${d}/${m}/${y} ${String(h).padStart(2, '0')}:00:00 ${hour24 < 12 ? 'AM' : 'PM'}`;
};

const envelope = (response: unknown) => ({ code: '200', message: 'Success', error: 'false', response: [{ response }] });

function vahanXml(vehicle: string): string {
  const later = vahanDate(addDays(today(), 200));
  const past = vahanDate(addDays(today(), -3));
  const f = FAKE_ULIP_FIXTURES;
  const puc = vehicle === f.expiredPuc ? past : later;
  const fit = vehicle === f.expiredFitness ? past : later;
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<VehicleDetails>
  <stautsMessage>OK</stautsMessage>
  <rc_regn_no>${vehicle}</rc_regn_no>
  <rc_regn_dt>18-Oct-2019</rc_regn_dt>
  <rc_owner_name>R*M*S* T*A*S*O*T</rc_owner_name>
  <rc_vh_class_desc>Goods Carrier(HGV)</rc_vh_class_desc>
  <rc_maker_desc>TATA MOTORS LTD</rc_maker_desc>
  <rc_fit_upto>${fit}</rc_fit_upto>
  <rc_tax_upto>${later}</rc_tax_upto>
  <rc_insurance_upto>${later}</rc_insurance_upto>
  <rc_permit_valid_upto>${later}</rc_permit_valid_upto>
  <rc_pucc_upto>${puc}</rc_pucc_upto>
  <rc_status>ACTIVE</rc_status>
</VehicleDetails>`;
}

function sarathi(dl: string) {
  const later = addDays(today(), 900);
  const noTransport = dl === FAKE_ULIP_FIXTURES.licenceNoTransport;
  return {
    dldetobj: [
      {
        dlobj: {
          dlLicno: dl,
          dlStatus: 'ACTIVE',
          dlNtValdtoDt: later,
          dlTrValdtoDt: noTransport ? null : later,
          dlIssuedt: '2020-01-15',
        },
        dlcovs: noTransport
          ? [{ covabbrv: 'LMV' }, { covabbrv: 'MCWG' }]
          : [{ covabbrv: 'LMV' }, { covabbrv: 'HGMV' }, { covabbrv: 'TRANS' }],
      },
    ],
  };
}

function fastag(vehicle: string, state: FakeUlipState) {
  const status = vehicle === FAKE_ULIP_FIXTURES.blacklistedTag ? 'BLACKLISTED' : 'ACTIVE';
  const given = state.fastagAnswers.get(vehicle);
  const trip = state.trips.get(vehicle);
  if (given || trip)
    return {
      result: 'SUCCESS',
      respCode: '000',
      vehicle: {
        vehicleNumber: vehicle,
        tagStatus: status,
        vehltxnList: { txn: given ?? fastagEntries(trip!, state.clock()) },
      },
    };
  return {
    result: 'SUCCESS',
    respCode: '000',
    vehicle: {
      vehicleNumber: vehicle,
      tagStatus: status,
      vehltxnList: {
        txn: [{ readerReadTime: `${today()} 06:12:09`, tollPlazaName: 'Khalapur Toll Plaza', laneDirection: 'N' }],
      },
    },
  };
}

function ewaybill(no: string) {
  const f = FAKE_ULIP_FIXTURES;
  const expired = no === f.ewayExpired;
  return {
    ewbNo: no,
    status: no === f.ewayCancelled ? 'CNL' : 'ACT',
    // The expired bill ran out at 18:00 yesterday, India time.
    validUpto: expired ? ewbTime(addDays(today(), -1), 18) : ewbTime(addDays(today(), 1), 23),
    VehiclListDetails:
      no === f.ewayOtherVehicle ? [{ vehicleNo: f.otherVehicle }] : no === f.ewayValid ? [{ vehicleNo: f.clean }] : [],
  };
}

const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json') =>
  res.writeHead(status, { 'content-type': type }).end(typeof body === 'string' ? body : JSON.stringify(body));

async function readJson(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

export async function startFakeUlip(
  options: { port?: number; host?: string; tokenSeconds?: number } = {},
): Promise<FakeUlip> {
  const state: FakeUlipState = {
    accounts: new Map([[FAKE_ULIP_ACCOUNT.username, FAKE_ULIP_ACCOUNT.password]]),
    tokenSeconds: options.tokenSeconds ?? 120,
    tokens: new Map(),
    logins: [],
    calls: new Map(),
    callTimes: new Map(),
    callers: [],
    refused: 0,
    trips: new Map(),
    fastagAnswers: new Map(),
    clock: () => Date.now(),
  };
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer(
    (req, res) => void answer(req, res).catch(() => send(res, 500, { message: 'fake ULIP failed' })),
  );
  async function answer(req: IncomingMessage, res: ServerResponse) {
    const body = await readJson(req);
    const path = (req.url ?? '').split('?')[0]!;
    if (req.method === 'POST' && path === '/ulip/v1.0.0/user/login') {
      if (!body.username || state.accounts.get(body.username) !== body.password)
        return send(res, 401, { code: '401', message: 'Invalid credentials', error: 'true' });
      const token = randomUUID();
      state.tokens.set(token, { username: body.username, expiresAt: Date.now() + state.tokenSeconds * 1000 });
      state.logins.push(body.username);
      return send(res, 200, {
        code: '200',
        message: 'Success',
        error: 'false',
        response: { id: token, expiresIn: state.tokenSeconds },
      });
    }
    const api = /^\/ulip\/v1\.0\.0\/([A-Z]+\/\d{2})$/.exec(path)?.[1];
    if (req.method !== 'POST' || !api) return send(res, 404, { code: '404', message: 'Not found', error: 'true' });
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const session = state.tokens.get(token);
    if (!session || session.expiresAt < Date.now())
      return (state.refused++, send(res, 401, { code: '401', message: 'Token expired or invalid', error: 'true' }));
    const subject = String(body.vehiclenumber ?? body.dlnumber ?? body.ewbNo ?? '').toUpperCase();
    const key = `${api} ${subject}`;
    state.calls.set(key, (state.calls.get(key) ?? 0) + 1);
    state.callTimes.set(key, [...(state.callTimes.get(key) ?? []), state.clock()]);
    state.callers.push(session.username);
    const f = FAKE_ULIP_FIXTURES;
    if (subject === f.serverError)
      return send(res, 503, { code: '503', message: 'Service Unavailable', error: 'true' });
    if (subject === f.garbage && api === 'VAHAN/01')
      return send(res, 200, '<html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html');
    if (subject === f.emptyRecord && api === 'VAHAN/01') return send(res, 200, envelope(''));
    if (subject === f.unknownVehicle && api === 'FASTAG/01') return send(res, 200, envelope(''));
    const answer =
      api === 'VAHAN/01'
        ? envelope(vahanXml(subject))
        : api === 'SARATHI/01'
          ? envelope(sarathi(subject))
          : api === 'FASTAG/01'
            ? envelope(fastag(subject, state))
            : api === 'EWAYBILL/01'
              ? envelope(ewaybill(subject))
              : null;
    if (!answer) return send(res, 403, { code: '403', message: 'API not granted to this account', error: 'true' });
    if (subject === f.slow && api === 'VAHAN/01') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) send(res, 200, answer);
      }, SLOW_ANSWER_MS);
      timers.add(timer);
      return;
    }
    send(res, 200, answer);
  }
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    callCount: (api, subject) => state.calls.get(`${api} ${subject}`) ?? 0,
    addAccount: (username, password) => state.accounts.set(username, password),
    simulate: (plan) => {
      const trip = simulateTrip(plan);
      state.trips.set(plan.vehicleNumber, trip);
      return trip;
    },
    expireTokens: () => {
      for (const t of state.tokens.values()) t.expiresAt = 0;
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
