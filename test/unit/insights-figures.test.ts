// Insights' figures: on-time rate, dashboard metrics, gate statistics, analytics over a range and
// CSV quoting, computed from lists made for each test.
import { describe, expect, it } from 'vitest';
import {
  analytics,
  dashboardMetrics,
  driverDashboard,
  gateStatistics,
  onTimeRate,
  scorecardCsv,
  carrierScorecard,
  dwellFigures,
} from '../../functions/insights/figures';
import { toCsv } from '../../functions/lib/csv';
import type { Appointment } from '../../shared/contracts/appointments';
import type { Checkin } from '../../shared/contracts/checkins';
import type { DockDoor } from '../../functions/facilities';

let seq = 0;
const appointment = (changes: Partial<Appointment> = {}): Appointment =>
  ({
    id: `a${++seq}`,
    bookingReference: `DS-260310-A${seq}`,
    scheduledDate: '2026-03-10',
    scheduledTimeStart: '10:00',
    scheduledTimeEnd: '11:00',
    status: 'scheduled',
    loadType: 'inbound',
    carrierName: null,
    dockDoorId: null,
    doorNumber: null,
    arrivedAt: null,
    arrivalOutcome: null,
    departedAt: null,
    vehicleLicense: null,
    ...changes,
  }) as Appointment;
const door = (id: string, status: string = 'available'): DockDoor =>
  ({ id, doorNumber: id.toUpperCase(), doorType: 'standard', status, assetId: null }) as unknown as DockDoor;
const checkin = (
  checkInTime: string,
  atDockAt: string | null,
  checkinMethod: Checkin['checkinMethod'] = 'manual',
): Checkin => ({ id: `c${++seq}`, checkInTime, atDockAt, checkinMethod, status: 'checked_in' }) as Checkin;

describe('onTimeRate', () => {
  it('is the share of early and on-time arrivals among those whose punctuality is known, to one decimal', () => {
    // Prepare: 2 punctual, 1 late, 1 no-show decided; 1 still scheduled does not count.
    const list = [
      appointment({ arrivalOutcome: 'early' }),
      appointment({ arrivalOutcome: 'onTime' }),
      appointment({ arrivalOutcome: 'late' }),
      appointment({ status: 'no_show' }),
      appointment(),
    ];
    // Act + Assess
    expect(onTimeRate(list)).toBe(50);
    expect(onTimeRate(list.slice(0, 3))).toBe(66.7);
  });

  it('is null while nothing is decided, 100 and 0 at the ends', () => {
    expect(onTimeRate([appointment()])).toBeNull();
    expect(onTimeRate([])).toBeNull();
    expect(onTimeRate([appointment({ arrivalOutcome: 'onTime' })])).toBe(100);
    expect(onTimeRate([appointment({ status: 'no_show' })])).toBe(0);
  });
});

describe('dashboardMetrics', () => {
  it('counts active appointments, free and busy docks, the average wait and the on-time rate', () => {
    // Prepare
    const doors = [door('d1'), door('d2'), door('d3', 'maintenance'), door('d4')];
    const today = [
      appointment({ status: 'arrived', dockDoorId: 'd1', arrivalOutcome: 'onTime' }),
      appointment({ status: 'loading', dockDoorId: 'd2', arrivalOutcome: 'late' }),
      appointment({ status: 'scheduled', dockDoorId: 'd4' }),
      appointment({ status: 'departed', dockDoorId: 'd4', arrivalOutcome: 'early' }),
      appointment({ status: 'cancelled' }),
    ];
    const checkins = [
      checkin('2026-03-10T04:30:00.000Z', '2026-03-10T04:40:00.000Z'),
      checkin('2026-03-10T05:00:00.000Z', '2026-03-10T05:15:30.000Z'),
      checkin('2026-03-10T06:00:00.000Z', null),
    ];
    // Act
    const metrics = dashboardMetrics(doors, today, checkins);
    // Assess: d1 and d2 are busy, d3 in maintenance; d4 is only booked (scheduled), so it is available.
    expect(metrics).toEqual({
      activeAppointments: 3,
      totalDocks: 4,
      availableDocks: 1,
      occupiedDocks: 2,
      avgWaitTimeMinutes: 12.8,
      onTimeRate: 66.7,
    });
  });

  it('has no average wait when no truck reached a dock', () => {
    expect(dashboardMetrics([], [], [checkin('2026-03-10T04:30:00.000Z', null)])).toMatchObject({
      avgWaitTimeMinutes: null,
      onTimeRate: null,
      totalDocks: 0,
    });
  });
});

describe('gateStatistics', () => {
  it('counts check-ins by method and averages the minutes to the dock of those that got there', () => {
    // Prepare
    const list = [
      checkin('2026-03-10T04:30:00.000Z', '2026-03-10T04:50:00.000Z', 'qr_code'),
      checkin('2026-03-10T05:00:00.000Z', '2026-03-10T05:05:00.000Z'),
      checkin('2026-03-10T05:10:00.000Z', null, 'tablet'),
    ];
    // Act + Assess
    expect(gateStatistics(list)).toEqual({
      checkinsToday: 3,
      averageToDockMinutes: 12.5,
      manualCheckins: 1,
      qrCheckins: 1,
    });
    expect(gateStatistics([])).toEqual({
      checkinsToday: 0,
      averageToDockMinutes: null,
      manualCheckins: 0,
      qrCheckins: 0,
    });
  });
});

describe('analytics', () => {
  const days = ['2026-03-09', '2026-03-10'];

  it('totals the range, dwell and dock utilization, per day, per load type and per carrier', () => {
    // Prepare: 2 working doors open 600 minutes a day for 2 days = 2400 door-minutes.
    const doors = [door('d1'), door('d2'), door('d3', 'maintenance')];
    const list = [
      appointment({
        scheduledDate: '2026-03-09',
        carrierName: 'Ganga',
        dockDoorId: 'd1',
        status: 'departed',
        arrivalOutcome: 'onTime',
        arrivedAt: '2026-03-09T04:30:00.000Z',
        departedAt: '2026-03-09T05:15:00.000Z',
      }),
      appointment({
        carrierName: 'Ganga',
        dockDoorId: 'd2',
        status: 'departed',
        arrivalOutcome: 'late',
        arrivedAt: '2026-03-10T04:30:00.000Z',
        departedAt: '2026-03-10T05:00:00.000Z',
        loadType: 'outbound',
        scheduledTimeEnd: '12:00',
      }),
      appointment({ carrierName: 'Deccan', dockDoorId: 'd1', status: 'no_show' }),
      appointment({ carrierName: 'Ganga', dockDoorId: 'd2', status: 'cancelled' }),
      appointment({ status: 'scheduled' }),
    ];
    // Act
    const result = analytics(list, doors, days, 600);
    // Assess: booked door minutes 60 + 120 (no-shows and cancellations hold nothing) = 7.5 %.
    expect(result).toMatchObject({
      from: '2026-03-09',
      to: '2026-03-10',
      totalAppointments: 5,
      completed: 2,
      cancelled: 1,
      noShows: 1,
      onTimeRate: 33.3,
      avgDwellMinutes: 37.5,
      dockUtilization: 7.5,
    });
    expect(result.perDay).toEqual([
      { date: '2026-03-09', appointments: 1 },
      { date: '2026-03-10', appointments: 4 },
    ]);
    expect(result.byLoadType).toEqual({ inbound: 4, outbound: 1 });
    expect(result.carriers).toEqual([
      { name: 'Ganga', appointments: 3, onTimeRate: 50, late: 1, noShows: 0, avgDwellMinutes: 37.5 },
      { name: 'Deccan', appointments: 1, onTimeRate: 0, late: 0, noShows: 1, avgDwellMinutes: null },
    ]);
  });

  it('reports zero utilization when no door can be used', () => {
    expect(analytics([], [door('d1', 'maintenance')], days, 600)).toMatchObject({
      totalAppointments: 0,
      dockUtilization: 0,
      onTimeRate: null,
      avgDwellMinutes: null,
    });
  });

  it('writes the monthly carrier scorecard with early arrivals and late cancellations', () => {
    // Prepare
    const list = [
      appointment({
        carrierName: 'Ganga, Pune',
        arrivalOutcome: 'onTime',
        arrivedAt: '2026-03-10T04:30:00.000Z',
        departedAt: '2026-03-10T05:00:00.000Z',
        status: 'departed',
      }),
    ];
    // Act
    const csv = scorecardCsv(
      '2026-03',
      carrierScorecard(list, () => false),
    );
    // Assess
    expect(csv).toBe(
      'Month,Carrier,Appointments,On-time %,Early,Late,No-shows,Avg dwell (min),Median dwell (min),P90 dwell (min),Over 2 h %,Late cancellations\r\n' +
        '2026-03,"Ganga, Pune",1,100,0,0,0,30,30,30,0,0\r\n',
    );
  });

  it("gives the hub's side of a carrier's trucks: median and p90 dwell, and the share kept over two hours", () => {
    const kept = (minutes: number) =>
      appointment({
        status: 'departed',
        arrivedAt: '2026-03-10T04:30:00.000Z',
        departedAt: new Date(Date.parse('2026-03-10T04:30:00.000Z') + minutes * 60_000).toISOString(),
      });
    // 30, 90, 130, 150, 200: the middle one 130; p90 the ceil(4.5) = 5th, 200; 3 of 5 over 120 = 60 %.
    expect(dwellFigures([200, 30, 150, 90, 130].map(kept))).toEqual({
      medianDwellMinutes: 130,
      p90DwellMinutes: 200,
      overTwoHoursShare: 60,
    });
    // 40 and 100: the mean of the middle two, 70; p90 the ceil(1.8) = 2nd, 100; none over 2 h.
    expect(dwellFigures([kept(100), kept(40)])).toEqual({
      medianDwellMinutes: 70,
      p90DwellMinutes: 100,
      overTwoHoursShare: 0,
    });
    // Exactly two hours is not over them; a truck still in (no departure) and a no-show count for nothing.
    const stillIn = appointment({ status: 'arrived', arrivedAt: '2026-03-10T04:30:00.000Z' });
    expect(dwellFigures([kept(120), kept(40), stillIn, appointment({ status: 'no_show' })])).toEqual({
      medianDwellMinutes: 80,
      p90DwellMinutes: 120,
      overTwoHoursShare: 0,
    });
    expect(dwellFigures([])).toEqual({ medianDwellMinutes: null, p90DwellMinutes: null, overTwoHoursShare: null });
  });
});

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, and ends every row with CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['line\nbreak', 3],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",3\r\n');
  });

  it('writes null and undefined as empty cells', () => {
    expect(toCsv(['a', 'b', 'c'], [[null, undefined, 0]])).toBe('a,b,c\r\n,,0\r\n');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    // Act
    const csv = toCsv(['v'], [['=SUM(A1)'], ['+91 98765'], ['-5'], ['@cmd'], ['=1,2']]);
    // Assess
    expect(csv.split('\r\n').slice(1, -1)).toEqual(["'=SUM(A1)", "'+91 98765", "'-5", "'@cmd", `"'=1,2"`]);
  });

  it('quotes a cell holding a carriage return, so a row never splits', () => {
    expect(toCsv(['a', 'b'], [['one\rtwo', 'x']])).toBe('a,b\r\n"one\rtwo",x\r\n');
  });

  it('defuses a tab or carriage return at the start of a cell', () => {
    // Act
    const csv = toCsv(['a', 'b'], [['\t=1+1', '\r=cmd']]);
    // Assess
    expect(csv).toBe(`a,b\r\n'\t=1+1,"'\r'=cmd"\r\n`);
  });

  it.each([
    ['LF', 'note\n=HYPERLINK("http://x")', `"note\n'=HYPERLINK(""http://x"")"`],
    ['CRLF', 'note\r\n+cmd', `"note\r\n'+cmd"`],
    ['CR', 'note\r-2+3', `"note\r'-2+3"`],
    ['LF before @ and tab', 'a\n@x\n\ty', `"a\n'@x\n'\ty"`],
  ])('defuses a formula start after a line break inside a cell (%s)', (_, cell, written) => {
    expect(toCsv(['v'], [[cell]])).toBe(`v\r\n${written}\r\n`);
  });

  it('leaves lines that start harmlessly, and numbers, as they are', () => {
    expect(toCsv(['v', 'n'], [['first\nsecond', -5]])).toBe('v,n\r\n"first\nsecond",-5\r\n');
  });
});

describe("a driver's board", () => {
  // Written by hand: 19:00 UTC on 31 Dec 2026 is 00:30 on 1 Jan 2027 in India and 03:00 in Singapore.
  const now = new Date('2026-12-31T19:00:00Z');
  const zones: Record<string, string> = { bhiwandi: 'Asia/Kolkata', jurong: 'Asia/Singapore', jebel: 'Asia/Dubai' };
  const appt = (
    id: string,
    facilityId: string,
    scheduledDate: string,
    scheduledTimeStart: string,
    scheduledTimeEnd: string,
    status = 'scheduled',
  ) => ({ id, facilityId, scheduledDate, scheduledTimeStart, scheduledTimeEnd, status }) as unknown as Appointment;
  const board = (list: Appointment[]) => driverDashboard(list, (f) => zones[f]!, 'Asia/Kolkata', now);

  it('judges each appointment on its own facility clock', () => {
    const list = [
      appt('sg-ended', 'jurong', '2027-01-01', '02:00', '02:45'), // ended 15 min ago in Singapore (18:45 UTC)
      appt('in-later', 'bhiwandi', '2027-01-01', '01:00', '02:00'), // 19:30 UTC
      appt('dubai-soon', 'jebel', '2026-12-31', '23:15', '23:30'), // 19:15 UTC, the next one though its date is a day behind
      appt('sg-cancelled', 'jurong', '2027-01-01', '03:15', '03:30', 'cancelled'),
    ];
    const b = board(list);
    expect(b.nextAppointment?.id).toBe('dubai-soon');
    expect(b.upcoming.map((a) => a.id)).toEqual(['in-later']);
  });

  it('counts this month in the home facility zone: January in India already', () => {
    expect(
      board([
        appt('a', 'bhiwandi', '2027-01-01', '10:00', '11:00'),
        appt('b', 'bhiwandi', '2026-12-30', '10:00', '11:00'),
      ]).thisMonth,
    ).toBe(1);
  });
});
