// `npm run capacity` (issue #60): a modelled day of each hub size (300, 1,500 and 3,000 trucks, a third
// of them in the 8-10 am peak) through the real handlers and stream workers, on DynamoDB Local, with
// every DynamoDB call recorded as DynamoDB bills it (capacity/recorder.ts); scaled to the network
// (capacity/model.ts), it prints per partition key and GSI key pattern the peak read and write units
// per second, item sizes, Lambda, event and message volumes and the month's cost per hub at
// ap-south-1 list prices (capacity/prices-ap-south-1.json), and checks that no key needs more than
// 1,000 WCU/s or 3,000 RCU/s at 10x the biggest hub. Written to bench/results/capacity.json.
// Options (environment): CAPACITY_SAMPLE (trucks run per hub size, default 40: a sample of a bigger hub
// stands for it, docs/scale.md), CAPACITY_SIZES (e.g. 300,3000).
// See docs/scale.md for the model and the figures.
import './bench/env';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDynamoDbLocal } from '../functions/local/services';
import { HUB_SIZES } from './capacity/day';
import { runHubDay } from './capacity/run';
import {
  hubFigures,
  LIMITS,
  monthlyCost,
  NETWORK,
  networkTrucks,
  tenantTrucks,
  type HubFigures,
  type Prices,
} from './capacity/model';

const SAMPLE = Number(process.env.CAPACITY_SAMPLE ?? 40);
const SIZES = (process.env.CAPACITY_SIZES ?? '300,1500,3000').split(',').map(Number);
const prices = JSON.parse(
  readFileSync(join(import.meta.dirname, 'capacity', 'prices-ap-south-1.json'), 'utf8'),
) as Prices;

const round = (v: number, digits = 1) => Number(v.toFixed(digits));
const started = performance.now();
console.log(
  `\nDockSaathi capacity model: a hub day through the real handlers on DynamoDB Local, scaled to a network of ${NETWORK.hubs.reduce((s, h) => s + h.count, 0).toLocaleString('en-IN')} hubs (${networkTrucks.toLocaleString('en-IN')} trucks a day; biggest tenant ${tenantTrucks.toLocaleString('en-IN')}), ${NETWORK.carriers.toLocaleString('en-IN')} carriers, ${NETWORK.drivers.toLocaleString('en-IN')} drivers\n`,
);
const dynamo = await startDynamoDbLocal();
const results: {
  figures: HubFigures;
  cost: ReturnType<typeof monthlyCost>;
  seconds: number;
  date: string;
  refused: { action: string; status: number; message: string }[];
}[] = [];
try {
  for (const trucks of SIZES) {
    const size = HUB_SIZES[trucks];
    if (!size) throw new Error(`CAPACITY_SIZES: no hub of ${trucks} trucks (${Object.keys(HUB_SIZES).join(', ')})`);
    console.log(`Hub of ${trucks.toLocaleString('en-IN')} trucks a day (${Math.min(SAMPLE, trucks)} run):`);
    const run = await runHubDay({ dynamoDbEndpoint: dynamo.endpoint, size, sample: SAMPLE, log: console.log });
    const figures = hubFigures(run);
    const cost = monthlyCost(figures, prices);
    results.push({ figures, cost, seconds: run.seconds, date: run.date, refused: run.record.refused });
    print(figures, cost, run.seconds);
    // What was refused, and why: a rule of the product, or DynamoDB Local timing out under the load.
    for (const r of run.record.refused) console.log(`  refused: ${r.action}: ${r.status} ${r.message}`);
  }
} finally {
  await dynamo.stop();
}

console.log('\nCost per hub per month (USD, ap-south-1 list prices as of ' + prices.asOf + '):');
console.table(
  Object.fromEntries(
    results.map((r) => [
      `${r.figures.trucks} trucks`,
      {
        ...Object.fromEntries(Object.entries(r.cost.lines).map(([k, v]) => [k, round(v, 2)])),
        'AWS total': round(r.cost.aws, 2),
        'WhatsApp (Meta, utility)': round(r.cost.whatsapp, 2),
      },
    ]),
  ),
);
const worst = results.flatMap((r) => [r.figures.busiest.wcu, r.figures.busiest.rcu]);
const pass = results.every(
  (r) => r.figures.busiest.wcu.checkWcu <= LIMITS.wcu && r.figures.busiest.rcu.checkRcu <= LIMITS.rcu,
);
console.log(
  `\nNo hot key at 10x the hub (network keys: or the whole network at its peak): ${pass ? 'pass' : 'FAIL'}; busiest: ${worst
    .map((k) => `${k.index} ${k.pattern} ${round(k.checkWcu)} WCU/s, ${round(k.checkRcu)} RCU/s`)
    .join('; ')}`,
);
const out = join(import.meta.dirname, '..', 'bench', 'results', 'capacity.json');
mkdirSync(join(out, '..'), { recursive: true });
writeFileSync(
  out,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      machine: `${process.platform} ${process.arch}, Node ${process.version}`,
      sample: SAMPLE,
      network: { ...NETWORK, networkTrucks, tenantTrucks },
      limits: LIMITS,
      prices: { asOf: prices.asOf, region: prices.region },
      pass,
      hubs: results,
      seconds: (performance.now() - started) / 1000,
    },
    null,
    2,
  ) + '\n',
);
console.log(
  `Capacity model took ${((performance.now() - started) / 1000).toFixed(0)} s; figures in bench/results/capacity.json`,
);
process.exit(pass ? 0 : 1);

function print(f: HubFigures, cost: ReturnType<typeof monthlyCost>, seconds: number) {
  console.log(
    `  ${Object.entries(f.actions)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}; refused ${f.refused}; ${seconds.toFixed(0)} s`,
  );
  console.log(
    `\n  Keys (busiest concrete key of each pattern; peak = busiest quarter hour's average per second; "10x" = the check's scale):`,
  );
  console.table(
    f.keys.slice(0, 30).map((k) => ({
      index: k.index,
      'key pattern': k.pattern,
      class: k.cls,
      keys: k.keys,
      'peak RCU/s': round(k.peakRcu, 2),
      'peak WCU/s': round(k.peakWcu, 2),
      '10x RCU/s': round(k.checkRcu, 1),
      '10x WCU/s': round(k.checkWcu, 1),
      'big tenant RCU/s': k.cls === 'tenant' ? round(k.tenantRcu, 1) : '',
      'big tenant WCU/s': k.cls === 'tenant' ? round(k.tenantWcu, 1) : '',
      'item p50 B': k.sizeP50 ?? '',
      'item max B': k.sizeMax ?? '',
    })),
  );
  const d = f.perDay;
  console.log(
    `  A day: ${Math.round(d.wru).toLocaleString('en-IN')} WRU, ${Math.round(d.rru).toLocaleString('en-IN')} RRU; ${Math.round(d.apiRequests).toLocaleString('en-IN')} API requests, ${Math.round(d.workerInvocations).toLocaleString('en-IN')} worker invocations, ${round(d.gbSeconds)} GB-s; ${Math.round(d.events).toLocaleString('en-IN')} EventBridge events; SMS ${Math.round(d.sms)}, e-mail ${Math.round(d.email)}, WhatsApp ${Math.round(d.whatsapp)}; ${Math.round(d.streamRecords).toLocaleString('en-IN')} stream records`,
  );
  console.log(
    `  Peak quarter hour: table ${round(f.peak.tableWcu)} WCU/s, ${round(f.peak.tableRcu)} RCU/s; ${round(f.peak.apiPerSecond, 2)} API requests/s; ${round(f.peak.streamRecordsPerSecond, 2)} stream records/s; AWS USD ${cost.aws.toFixed(2)} a month (+ WhatsApp USD ${cost.whatsapp.toFixed(2)})`,
  );
  console.table(f.lambda.slice(0, 15));
}
