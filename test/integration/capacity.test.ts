// The capacity model's check on a recorded day (issue #60, docs/scale.md): a sample of the biggest hub's
// 8-10 am peak (3,000 trucks a day) runs through the real handlers and stream workers with every
// DynamoDB call recorded (scripts/capacity/), and no partition key or GSI key may need more than
// 1,000 WCU/s or 3,000 RCU/s at 10x that hub (tenant keys: and at the biggest tenant's 100 hubs; keys
// shared by the whole network: or every hub at its peak). A key that every booking of a hub, a tenant or the network
// writes (a counter, one day's index, one partition for all tenants) fails it by name.
// Fewer doors and carriers than the hub has: each takes more of the load (the check errs on the safe side).
import { describe, expect, inject, it } from 'vitest';
import { HUB_SIZES } from '../../scripts/capacity/day';
import { hubFigures, LIMITS } from '../../scripts/capacity/model';
import { runHubDay } from '../../scripts/capacity/run';
import { copyTable, seededTemplate } from '../support/seed-template';

describe('capacity model: no hot key at 10x the biggest hub (issue #60)', () => {
  it('keeps every partition and GSI key of the peak under the partition limits', async () => {
    const endpoint = inject('dynamoDbEndpoint');
    const template = await seededTemplate(endpoint, inject('s3Endpoint'), inject('testRunId'));
    const run = await runHubDay({
      dynamoDbEndpoint: endpoint,
      size: { ...HUB_SIZES[3000]!, doors: 12, carriers: 6 },
      sample: 12,
      window: { from: 32, to: 40 },
      prepareTable: async (table) => void (await copyTable(endpoint, template, table)),
    });
    // The day happened: every truck was booked, checked in, put at a door and checked out (a staff
    // message may be the same text the door's own message sent a moment before: sent once, a 422).
    expect(run.record.refused.filter((r) => !(r.action === 'staff message' && r.status === 422))).toEqual([]);
    expect(run.record.actions['check-out']).toBeGreaterThanOrEqual(10);
    const figures = hubFigures(run);
    console.table(
      figures.keys.slice(0, 8).map((k) => ({
        key: `${k.index} ${k.pattern}`,
        class: k.cls,
        '10x RCU/s': Math.round(k.checkRcu),
        '10x WCU/s': Math.round(k.checkWcu),
      })),
    );
    const over = figures.keys
      .filter((k) => k.checkWcu > LIMITS.wcu || k.checkRcu > LIMITS.rcu)
      .map(
        (k) => `${k.index} ${k.pattern} (${k.cls}): ${Math.round(k.checkWcu)} WCU/s, ${Math.round(k.checkRcu)} RCU/s`,
      );
    expect(over).toEqual([]);
    expect(figures.busiest.wcu.checkWcu).toBeLessThanOrEqual(LIMITS.wcu);
    expect(figures.busiest.rcu.checkRcu).toBeLessThanOrEqual(LIMITS.rcu);
    // A tenant's own keys also hold when the biggest tenant's 100 hubs all run at their peak.
    const overAtTenant = figures.keys
      .filter((k) => k.cls === 'tenant' && (k.tenantWcu > LIMITS.wcu || k.tenantRcu > LIMITS.rcu))
      .map((k) => `${k.index} ${k.pattern}: ${Math.round(k.tenantWcu)} WCU/s, ${Math.round(k.tenantRcu)} RCU/s`);
    expect(overAtTenant).toEqual([]);

    // A hot key that comes back is caught: the same recorded day with the audit trail in one partition
    // per day for every tenant, unsharded (AUDIT#<day>, as a shared partition was before its shards).
    const shared = hubFigures({
      ...run,
      accesses: run.accesses.map((a) =>
        a.index === 'table' && /#AUDIT#\d{4}-\d{2}-\d{2}#\d+$/.test(a.key)
          ? { ...a, key: a.key.replace(/^TENANT#[^#]+#/, '').replace(/#\d+$/, '') }
          : a,
      ),
    });
    expect(shared.busiest.wcu.pattern).toBe('AUDIT#{d}');
    expect(shared.busiest.wcu.checkWcu).toBeGreaterThan(LIMITS.wcu);

    // And the date index as it was before (one partition per tenant and day, every hub's day in it) with
    // today's schedule polled as it was (the whole day every 30 s, not its changes): the biggest tenant's
    // hubs, polling it, are over a partition's reads.
    const appointmentBytes = new Map<string, number>();
    for (const s of run.itemSizes) if (/#APPT#[^#]+$/.test(s.key)) appointmentBytes.set(s.key, s.bytes);
    const wholeDay = [...appointmentBytes.values()].reduce((sum, b) => sum + b, 0);
    const tenantDay = hubFigures({
      ...run,
      accesses: run.accesses.map((a) => {
        const tenantKey = (day: string) => `${a.key.split('#FACILITY#')[0]}#APPTDATE#${day}`;
        // A poll of the day's changes becomes a read of the tenant's whole day.
        const polled = a.op === 'R' && a.index === 'table' && /#APPTCHANGES#(\d{4}-\d{2}-\d{2})$/.exec(a.key);
        if (polled)
          return {
            ...a,
            index: 'GSI1',
            key: tenantKey(polled[1]!),
            bytes: wholeDay,
            dayBytes: wholeDay,
            items: appointmentBytes.size,
            strong: false,
            range: undefined,
          };
        // A read of a hub's day (a date's range of its month) becomes a read of the tenant's whole day.
        const day = a.range?.find((v) => /^\d{4}-\d{2}-\d{2}#/.test(v))?.slice(0, 10);
        return a.op === 'R' && a.index === 'GSI1' && /#FACILITY#[^#]+#APPTMONTH#/.test(a.key) && day
          ? { ...a, key: tenantKey(day), range: undefined }
          : a;
      }),
    });
    const dayIndex = tenantDay.keys.find((k) => k.index === 'GSI1' && k.pattern === 'TENANT#{t}#APPTDATE#{d}')!;
    expect(dayIndex.cls).toBe('tenant');
    expect(dayIndex.tenantRcu).toBeGreaterThan(LIMITS.rcu);
  }, 240_000);
});
