// What the tests that run the gate's checks or the trip watch save as the demo tenant's settings,
// pointed at the fake ULIP server (functions/local/fake-ulip.ts) with its account.
import { FAKE_ULIP_ACCOUNT } from '../../functions/local/fake-ulip';
import { DEFAULT_RULE_OUTCOMES, type GateSource } from '../../shared/contracts/gate';

/** The gate settings body: ULIP on at `url`, the named checks on and the others off, 12 cache hours. */
export const fakeUlipGateSettings = (url: string, on: GateSource[]) => ({
  enabled: true,
  baseUrl: url,
  username: FAKE_ULIP_ACCOUNT.username,
  password: FAKE_ULIP_ACCOUNT.password,
  checks: {
    VAHAN: on.includes('VAHAN'),
    SARATHI: on.includes('SARATHI'),
    FASTAG: on.includes('FASTAG'),
    EWAYBILL: on.includes('EWAYBILL'),
  },
  outcomes: DEFAULT_RULE_OUTCOMES,
  cacheHours: 12,
});

/** The trip watch's settings body for a hub at `location`, with the defaults (#33) written out. */
export const tripWatchSettings = (
  location: { latitude: number; longitude: number },
  over: Record<string, unknown> = {},
) => ({
  enabled: true,
  ...location,
  startHoursBefore: 8,
  roadFactor: 1.3,
  graceMinutes: 30,
  callEveryMinutes: 15,
  noEntry: null,
  reslotNeedsApproval: false,
  ...over,
});
