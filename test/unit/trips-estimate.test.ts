// The trip watch's pure rules (functions/trips/estimate.ts). Every expectation is worked out by hand
// from the rules (#33): distances with the haversine formula on paper, medians and
// percentiles by rank, minutes from the class speed of 35 km/h and the road factor 1.3.
import { describe, expect, it } from 'vitest';
import {
  afterNoEntry,
  assessTrip,
  callIntervalMinutes,
  haversineKm,
  median,
  percentile,
  readCrossings,
  readerTime,
} from '../../functions/trips/estimate';
import type { Crossing } from '../../shared/contracts/trips';

const IST = 'Asia/Kolkata';
const minutesBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000;

describe('distance', () => {
  it('is one degree of a great circle (6371 km x pi / 180 = 111.195 km) along a meridian and the equator', () => {
    expect(haversineKm({ latitude: 18, longitude: 73 }, { latitude: 19, longitude: 73 })).toBeCloseTo(111.195, 2);
    expect(haversineKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(111.195, 2);
  });

  it('is about 44.5 km from Khalapur toll to Talegaon (Urse) toll on the Mumbai-Pune expressway', () => {
    // By hand: 0.0987 deg of latitude = 10.98 km; 0.4096 deg of longitude x cos(18.78 deg) 0.9468 = 43.12 km;
    // sqrt(10.98^2 + 43.12^2) = 44.50 km (at this size the flat and the spherical answers agree to 0.1 km).
    const khalapur = { latitude: 18.827, longitude: 73.279 };
    const urse = { latitude: 18.7283, longitude: 73.6886 };
    expect(haversineKm(khalapur, urse)).toBeCloseTo(44.5, 0);
    expect(haversineKm(urse, khalapur)).toBeCloseTo(haversineKm(khalapur, urse), 9);
  });
});

describe('median and percentiles', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 30, 20])).toBe(25);
    expect(median([])).toBeNull();
  });

  it('interpolates between ranks: p20 and p80 of 10..50', () => {
    // p20: rank 0.2 x 4 = 0.8, between 10 and 20 -> 18; p80: rank 3.2, between 40 and 50 -> 42.
    expect(percentile([50, 10, 40, 20, 30], 0.2)).toBe(18);
    expect(percentile([50, 10, 40, 20, 30], 0.8)).toBe(42);
  });
});

describe("FASTag's readerReadTime (India time)", () => {
  it('reads the answer format as an instant, 5 h 30 min behind in UTC', () => {
    expect(readerTime('2026-11-25 16:18:45.0')).toBe('2026-11-25T10:48:45.000Z');
    // Before 05:30 India time it is the day before in UTC, across a year's end.
    expect(readerTime('2027-01-01 02:10:00.0')).toBe('2026-12-31T20:40:00.000Z');
    expect(readerTime('2028-02-29 23:59:59.0')).toBe('2028-02-29T18:29:59.000Z');
    // Without seconds.
    expect(readerTime('2026-11-25 16:18')).toBe('2026-11-25T10:48:00.000Z');
  });

  it('refuses dates that do not exist and text that is not a time', () => {
    expect(readerTime('2026-02-29 10:00:00.0')).toBeNull();
    expect(readerTime('2026-11-31 10:00:00')).toBeNull();
    expect(readerTime('yesterday')).toBeNull();
    expect(readerTime(17)).toBeNull();
  });
});

describe('reading the crossing list', () => {
  const entry = (seqNo: string, time: string, plaza = 'Khalapur Toll Plaza', geocode = '18.827,73.279') => ({
    seqNo,
    readerReadTime: time,
    tollPlazaName: plaza,
    tollPlazaGeocode: geocode,
    laneDirection: 'E',
  });

  it('keeps each seqNo once, orders by time, and drops what cannot be read', () => {
    const { crossings, dropped } = readCrossings([
      entry('30', '2026-11-25 12:40:00.0', 'Talegaon Toll Plaza', '18.7283,73.6886'),
      entry('10', '2026-11-25 11:52:00.0'),
      entry('10', '2026-11-25 11:52:00.0'),
      entry('11', 'not a time'),
      entry('12', '2026-11-25 12:00:00.0', 'Nowhere', 'north-east'),
      { seqNo: '13' },
      null,
    ]);
    expect(crossings.map((c) => [c.seqNo, c.at])).toEqual([
      ['10', '2026-11-25T06:22:00.000Z'],
      ['30', '2026-11-25T07:10:00.000Z'],
    ]);
    expect(dropped).toBe(4);
  });

  it('answers nothing for an answer that is not a list', () => {
    expect(readCrossings({ txn: 'x' })).toEqual({ crossings: [], dropped: 0 });
  });
});

describe('no-entry hours', () => {
  it('holds an arrival inside the hours until they end, on the facility clock', () => {
    // 08:30 India time (03:00Z) inside 08:00-11:00 -> 11:00 India time (05:30Z).
    const held = afterNoEntry(Date.parse('2026-11-25T03:00:00Z'), { from: '08:00', to: '11:00' }, IST);
    expect(new Date(held).toISOString()).toBe('2026-11-25T05:30:00.000Z');
    // 11:00 itself is already outside.
    const free = Date.parse('2026-11-25T05:30:00Z');
    expect(afterNoEntry(free, { from: '08:00', to: '11:00' }, IST)).toBe(free);
  });

  it('runs over midnight into the next day, the next month and the next year', () => {
    const night = { from: '22:00', to: '06:00' };
    // 23:30 India time on 31 Dec -> 06:00 on 1 Jan (00:30Z).
    expect(new Date(afterNoEntry(Date.parse('2026-12-31T18:00:00Z'), night, IST)).toISOString()).toBe(
      '2027-01-01T00:30:00.000Z',
    );
    // 02:00 India time on 1 Mar 2028 (20:30Z on 29 Feb) -> 06:00 the same India day (00:30Z on 1 Mar).
    expect(new Date(afterNoEntry(Date.parse('2028-02-29T20:30:00Z'), night, IST)).toISOString()).toBe(
      '2028-03-01T00:30:00.000Z',
    );
  });
});

describe('assessing a trip', () => {
  const facility = { latitude: 19, longitude: 73 };
  // One degree of latitude south of the facility: 111.195 km x 1.3 = 144.55 km of road.
  const crossing = (at: string, over: Partial<Crossing> = {}): Crossing => ({
    seqNo: '1',
    plaza: 'South Plaza',
    at,
    latitude: 18,
    longitude: 73,
    direction: 'N',
    ...over,
  });
  const settings = { roadFactor: 1.3, graceMinutes: 30, startHoursBefore: 8, noEntry: null, timeZone: IST };
  const window = (start: string, end: string) => ({
    startsAt: Date.parse(start),
    endsAt: Date.parse(end),
    watchFrom: Date.parse(start) - 8 * 3_600_000,
  });
  const noHistory = () => [];
  const seen = '2026-11-25T10:00:00.000Z';
  const now = Date.parse('2026-11-25T10:05:00Z');

  it('without history: 144.55 km at 35 km/h is 247.8 min, range +-25 %; late when even 185.9 min misses the window', () => {
    const a = assessTrip({
      crossings: [crossing(seen)],
      facility,
      window: window('2026-11-25T11:00:00Z', '2026-11-25T12:00:00Z'),
      settings,
      history: noHistory,
      now,
    });
    expect(a.state).toBe('late');
    expect(minutesBetween(seen, a.estimate!.eta)).toBeCloseTo(247.8, 1);
    expect(minutesBetween(seen, a.estimate!.low)).toBeCloseTo(185.85, 1);
    expect(minutesBetween(seen, a.estimate!.high)).toBeCloseTo(309.76, 1);
    // 14:07.8 against the window's end at 12:00.
    expect(a.lateByMinutes).toBe(128);
    expect(a.estimate).toMatchObject({
      basis: 'class_default',
      confidence: 'low',
      lastSeen: { plaza: 'South Plaza', at: seen },
    });
  });

  it('is at risk while only the slow end of the range misses window + grace, on time when none does', () => {
    // Window ends 14:00Z: limit 14:30Z = 270 min after the crossing; eta 247.8 inside, high 309.8 outside.
    const atRisk = assessTrip({
      crossings: [crossing(seen)],
      facility,
      window: window('2026-11-25T13:00:00Z', '2026-11-25T14:00:00Z'),
      settings,
      history: noHistory,
      now,
    });
    expect(atRisk.state).toBe('at_risk');
    expect(atRisk.lateByMinutes).toBe(8);
    const onTime = assessTrip({
      crossings: [crossing(seen)],
      facility,
      window: window('2026-11-25T15:00:00Z', '2026-11-25T16:00:00Z'),
      settings,
      history: noHistory,
      now,
    });
    expect(onTime.state).toBe('on_time');
    expect(onTime.lateByMinutes).toBe(0);
  });

  it("with this tenant's history from the plaza: median 80 min, range p20 68 to p80 92", () => {
    const a = assessTrip({
      crossings: [crossing(seen)],
      facility,
      window: window('2026-11-25T11:00:00Z', '2026-11-25T12:00:00Z'),
      settings,
      history: (plaza) => (plaza === 'South Plaza' ? [100, 60, 90, 70, 80] : []),
      now,
    });
    expect(minutesBetween(seen, a.estimate!.eta)).toBe(80);
    expect(minutesBetween(seen, a.estimate!.low)).toBe(68);
    expect(minutesBetween(seen, a.estimate!.high)).toBe(92);
    expect(a.estimate).toMatchObject({ basis: 'history', confidence: 'medium' });
    expect(a.state).toBe('on_time');
  });

  it('goes by the newest crossing', () => {
    const a = assessTrip({
      crossings: [
        crossing('2026-11-25T09:00:00.000Z'),
        crossing(seen, { seqNo: '2', plaza: 'Near Plaza', latitude: 18.9 }),
      ],
      facility,
      window: window('2026-11-25T11:00:00Z', '2026-11-25T12:00:00Z'),
      settings,
      history: noHistory,
      now,
    });
    expect(a.estimate!.lastSeen.plaza).toBe('Near Plaza');
    // 0.1 deg = 11.12 km x 1.3 = 14.46 km at 35 km/h = 24.8 min.
    expect(minutesBetween(seen, a.estimate!.eta)).toBeCloseTo(24.8, 1);
  });

  it('is not seen, with the reason, for no crossing, a stale one, or one in another state', () => {
    const w = window('2026-11-25T11:00:00Z', '2026-11-25T12:00:00Z');
    const base = { facility, window: w, settings, history: noHistory, now };
    expect(assessTrip({ ...base, crossings: [] })).toMatchObject({ state: 'not_seen', reason: 'no_crossings' });
    // The watch starts at 03:00Z; a crossing at 02:59Z is from before it.
    expect(assessTrip({ ...base, crossings: [crossing('2026-11-25T02:59:00.000Z')] })).toMatchObject({
      state: 'not_seen',
      reason: 'stale',
      estimate: null,
    });
    // Delhi is about 1150 km away: beyond 1.5 x (35 km/h x 8 h) = 420 km.
    expect(
      assessTrip({ ...base, crossings: [crossing(seen, { latitude: 28.6, longitude: 77.2, plaza: 'Kherki Daula' })] }),
    ).toMatchObject({ state: 'not_seen', reason: 'off_route' });
  });

  it('never puts an overdue truck in the past: the estimate is now, with low confidence', () => {
    const later = Date.parse('2026-11-25T16:00:00Z');
    const a = assessTrip({
      crossings: [crossing(seen)],
      facility,
      window: window('2026-11-25T15:00:00Z', '2026-11-25T16:00:00Z'),
      settings,
      history: noHistory,
      now: later,
    });
    // 247.8 min after 10:00 is 14:07.8, already past at 16:00.
    expect(a.estimate!.eta).toBe('2026-11-25T16:00:00.000Z');
    expect(a.estimate!.confidence).toBe('low');
  });

  it('holds the estimate behind the no-entry hours', () => {
    // eta 14:07.8Z = 19:37.8 India time, inside 19:00-21:00 -> 21:00 India time = 15:30Z.
    const a = assessTrip({
      crossings: [crossing(seen)],
      facility,
      window: window('2026-11-25T15:00:00Z', '2026-11-25T16:00:00Z'),
      settings: { ...settings, noEntry: { from: '19:00', to: '21:00' } },
      history: noHistory,
      now,
    });
    expect(a.estimate!.eta).toBe('2026-11-25T15:30:00.000Z');
    expect(a.estimate!.heldByNoEntry).toBe(true);
  });
});

describe('the call budget', () => {
  it('asks every 15 min near the facility, a quarter of the remaining travel when far, at most every 2 h', () => {
    // 35 km is 60 min away: a quarter is 15.
    expect(callIntervalMinutes(15, 35, 0)).toBe(15);
    // 140 km is 240 min away: every 60 min (however near the window is).
    expect(callIntervalMinutes(15, 140, 30)).toBe(60);
    // 350 km is 600 min away: a quarter would be 150, capped at 120.
    expect(callIntervalMinutes(15, 350, 600)).toBe(120);
  });

  it('spaces the calls for a truck not seen yet by the time left to its window', () => {
    // 4 h to the window: every hour; 8 h: a quarter would be 2 h; at or past the window: every 15 min.
    expect(callIntervalMinutes(15, null, 240)).toBe(60);
    expect(callIntervalMinutes(15, null, 480)).toBe(120);
    expect(callIntervalMinutes(15, null, 0)).toBe(15);
    expect(callIntervalMinutes(15, null, -45)).toBe(15);
  });
});
