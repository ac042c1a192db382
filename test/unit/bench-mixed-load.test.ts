// The bench's mixed load (scripts/bench/mixed-load.ts): the paced model must load the stack as people
// do, never more gently. A poll goes out on its interval (as the SPA's refetchInterval) and never
// twice at once; a person acts after a pause; back to back, nobody waits. Timed on a fake stack of
// known speed, with intervals scaled down from seconds to milliseconds.
import { describe, expect, it } from 'vitest';
import {
  HUB_SCREENS,
  mixedLoad,
  todaysSchedulePoll,
  type MixedAction,
  type Person,
} from '../../scripts/bench/mixed-load';
import type { Call } from '../../scripts/bench/hot-paths';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function world() {
  const log: { person: number; kind: string; start: number; end: number }[] = [];
  const timedAs =
    (kind: string, ms: number) =>
    async (call: Call): Promise<unknown> => {
      const person = Number(await call('GET', '/who'));
      const entry = { person, kind, start: performance.now(), end: 0 };
      await sleep(ms);
      entry.end = performance.now();
      log.push(entry);
      return null;
    };
  const actions: MixedAction[] = [
    // A poll slower than its interval: the next one waits for its answer.
    { kind: 'poll', weight: 0, everyMs: 100, act: timedAs('poll', 130) },
    { kind: 'booking', weight: 1, act: timedAs('booking', 10) },
  ];
  const people: Person[] = [0, 1].map((n) => ({ call: async () => n, actions }));
  return { log, people };
}

describe('the mixed load', () => {
  it('paced: each poll on its interval, never overlapping itself; actions after a pause', async () => {
    const { log, people } = world();
    const result = await mixedLoad(people, 1.2, 'paced', { min: 200, max: 300 });
    for (const person of [0, 1]) {
      const polls = log.filter((e) => e.person === person && e.kind === 'poll').sort((a, b) => a.start - b.start);
      expect(polls.length).toBeGreaterThanOrEqual(4);
      for (let i = 1; i < polls.length; i++) {
        expect(polls[i]!.start).toBeGreaterThanOrEqual(polls[i - 1]!.end - 1);
        expect(polls[i]!.start - polls[i - 1]!.start).toBeGreaterThanOrEqual(99);
      }
      // 1.2 s with a pause of at least 200 ms before each: at most 6 actions a person.
      const bookings = log.filter((e) => e.person === person && e.kind === 'booking');
      expect(bookings.length).toBeGreaterThanOrEqual(2);
      expect(bookings.length).toBeLessThanOrEqual(6);
    }
    expect(result.model).toBe('paced');
    expect(result.errorRate).toBe(0);
    expect(result.byKind.poll!.count + result.byKind.booking!.count).toBe(result.requests);
    expect(result.httpRequests).toBe(result.requests);
    // A pause running at the window's end ends with it: the run takes its window, not a pause more.
    expect(result.seconds).toBeLessThan(1.2 + 0.13 + 0.1);
  });

  it('back to back: each person starts the next thing as the last one answers', async () => {
    const { log, people } = world();
    const result = await mixedLoad(people, 0.5, 'back to back', { min: 200, max: 300 });
    for (const person of [0, 1]) {
      const mine = log.filter((e) => e.person === person).sort((a, b) => a.start - b.start);
      expect(mine.length).toBeGreaterThanOrEqual(10);
      for (let i = 1; i < mine.length; i++) expect(mine[i]!.start - mine[i - 1]!.end).toBeLessThan(15);
    }
    expect(result.model).toBe('back to back');
  });

  it('counts a refused request as an error and keeps its first message', async () => {
    const refused: Call = async () => {
      throw new Error('GET /api/appointments/today: HTTP 503');
    };
    const actions: MixedAction[] = [{ kind: 'poll', weight: 1, act: (call) => call('GET', '/x') }];
    const result = await mixedLoad([{ call: refused, actions }], 0.05, 'back to back');
    expect(result.errorRate).toBe(1);
    expect(result.byKind.poll!.firstError).toBe('GET /api/appointments/today: HTTP 503');
  });

  it('models a hub of 50 people whose screens poll at the spec’s intervals (30 s and 15 s)', () => {
    expect(HUB_SCREENS.reduce((sum, s) => sum + s.people, 0)).toBe(50);
    for (const s of HUB_SCREENS)
      for (const p of s.polls) {
        expect([15_000, 30_000]).toContain(p.everyMs);
        expect(p.weight).toBe(0);
      }
    const office = HUB_SCREENS.find((s) => s.screen === 'office')!;
    expect(office.polls.map((p) => p.everyMs).sort()).toEqual([15_000, 30_000]);
  });

  it('paced: opens each screen before the window (its polls answered once, untimed), as a hub keeps them open', async () => {
    const sent: string[] = [];
    const actions: MixedAction[] = [{ kind: 'poll', weight: 0, everyMs: 1000, act: (call) => call('GET', '/screen') }];
    const people: Person[] = [{ call: async (_m, path) => sent.push(path), actions }];
    const result = await mixedLoad(people, 0.05, 'paced', { min: 10_000, max: 10_000 });
    // The screen's first answer came before the window; in a window shorter than its phase, no poll is timed.
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent[0]).toBe('/screen');
    expect(result.httpRequests).toBe(sent.length - 1);
  });

  it('polls today’s schedule as the SPA does: the whole day first, then the changes since the answer held', async () => {
    const asked: string[] = [];
    let n = 0;
    const call: Call = async (_method, path) => {
      asked.push(path);
      n++;
      return { date: '2026-12-31', asOf: `2026-12-31T10:00:0${n}.000Z`, full: n === 1, appointments: [], removed: [] };
    };
    await todaysSchedulePoll(call);
    await todaysSchedulePoll(call);
    await todaysSchedulePoll(call);
    expect(asked).toEqual([
      '/api/appointments/today/changes',
      `/api/appointments/today/changes?since=${encodeURIComponent('2026-12-31T10:00:01.000Z')}`,
      `/api/appointments/today/changes?since=${encodeURIComponent('2026-12-31T10:00:02.000Z')}`,
    ]);
  });
});
