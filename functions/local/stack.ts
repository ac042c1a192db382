// The whole product on one machine: DynamoDB Local, s3rver, the API Gateway emulator with the real
// handlers, the workers (local scheduler and stream poller), the built SPA on the same origin, and
// the demo data.
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import {
  ensureBucket,
  ensureTable,
  startDynamoDbLocal,
  startS3rver,
  useLocalEnvironment,
  type RunningService,
} from './services';

export const LOCAL_TABLE = 'dockyard-local';
export const LOCAL_BUCKET = 'dockyard-uploads-local';

export interface LocalStackOptions {
  port: number;
  host?: string;
  /** Folder for persisted data; omitted = in memory / temporary (tests). */
  dataDir?: string;
  staticDir?: string;
  /** Seed a day of appointments and check-ins on first start (npm start; not the tests). */
  demoActivity?: boolean;
  /** More data written after the seed and before the stream workers start, so they never read it,
   * as they do not read the seed (the bench's 100,000-line warehouse). */
  beforeWorkers?: () => Promise<void>;
  log?: (line: string) => void;
}

export async function startLocalStack(options: LocalStackOptions) {
  const log = options.log ?? (() => undefined);
  // FAULTS (faults.ts) is read here, once, before anything starts: a setting it cannot read stops the start.
  const { faultsFromEnvironment } = await import('./faults');
  const faultPlan = faultsFromEnvironment();
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    const started = Date.now();
    const dynamo: RunningService = await startDynamoDbLocal({
      dataDir: options.dataDir && join(options.dataDir, 'dynamodb'),
    });
    stops.push(dynamo.stop);
    log(`DynamoDB Local   ${dynamo.endpoint}`);

    const s3Dir = options.dataDir ? join(options.dataDir, 's3') : mkdtempSync(join(tmpdir(), 'dockyard-s3-'));
    if (!options.dataDir) stops.push(async () => rmSync(s3Dir, { recursive: true, force: true }));
    const s3 = await startS3rver({ dataDir: s3Dir });
    stops.push(s3.stop);
    log(`S3 (s3rver)      ${s3.endpoint}`);

    useLocalEnvironment({
      dynamoDbEndpoint: dynamo.endpoint,
      s3Endpoint: s3.endpoint,
      tableName: LOCAL_TABLE,
      uploadsBucket: LOCAL_BUCKET,
    });
    const addedIndexes = await ensureTable(dynamo.endpoint, LOCAL_TABLE);
    await ensureBucket(s3.endpoint, LOCAL_BUCKET);

    // Imported only now: the handlers read the environment set above.
    const { applyLogLevelFromEnv } = await import('../lib/logger');
    applyLogLevelFromEnv();
    const { seedDemoData } = await import('./seed');
    const { created } = await seedDemoData();
    if (created && options.demoActivity) {
      const { seedDemoActivity } = await import('./demo-activity');
      await seedDemoActivity();
    }
    log(created ? 'Demo data        seeded' : 'Demo data        already present');
    // Data kept from an earlier version: its appointments get the index keys derived now (an index
    // added since, the date index keyed per facility), before any request and before the workers.
    if (!created || addedIndexes.length) {
      const { rewritten } = await (await import('../appointments')).reindexAppointments();
      if (addedIndexes.length || rewritten)
        log(
          `Index keys       ${rewritten} appointments written again${addedIndexes.length ? ` (index added: ${addedIndexes.join(', ')})` : ''}`,
        );
    }
    // The stream workers do not see the seed (below): the dashboard's day counters are built from it once.
    if (created) await (await import('./demo-figures')).rebuildDemoFigures();
    await options.beforeWorkers?.();

    // After the seed, as a deployed stream worker would not see it either.
    const { WORKERS } = await import('../workers');
    let workersCaughtUp = (_withinMs?: number) => Promise.resolve(true);
    if (WORKERS.length) {
      const { startLocalWorkers } = await import('./workers');
      // A quarter-second poll: a driver's message follows its booking well within 2 s (issue #15).
      const workers = await startLocalWorkers({
        workers: WORKERS,
        dynamoDbEndpoint: dynamo.endpoint,
        tableName: LOCAL_TABLE,
        pollIntervalMs: 250,
      });
      stops.push(workers.stop);
      workersCaughtUp = workers.caughtUp;
      log(`Workers          ${workers.summary}`);
    }
    // A fake ULIP for gate compliance (#21); the demo tenant's settings point at it, switched on for
    // `npm start` and off for the journeys (their check-ins use free-text vehicle numbers).
    const ulip = await (await import('./fake-ulip')).startFakeUlip();
    stops.push(ulip.close);
    await (await import('./demo-gate')).seedDemoGateSettings(ulip.url, Boolean(options.demoActivity));
    log(`Fake ULIP        ${ulip.url}`);

    // The external systems' sync schedules (EventBridge Scheduler deployed).
    const syncSchedules = await (
      await import('./sync-schedules')
    ).startLocalSyncSchedules({ onError: (id, err) => log(`sync of ${id} failed: ${String(err)}`) });
    stops.push(syncSchedules.stop);

    // Every message the product sends is printed here (LOCAL_OUTBOX_ECHO=0 mutes it) and listed at
    // /api/dev/outbox, so a newcomer can finish "Verify email" without log flags.
    const { printOutgoingMessages } = await import('./outbox');
    if (process.env.LOCAL_OUTBOX_ECHO !== '0') printOutgoingMessages(log);
    // A fake WhatsApp Cloud API (#56): the demo hub's WhatsApp goes to it (sent for real: LOCAL_PROVIDER_FAKES,
    // the messages still in the outbox), and it plays the driver at /dev/whatsapp.
    const whatsapp = await (await import('./fake-whatsapp')).startFakeWhatsapp();
    stops.push(whatsapp.close);
    process.env.LOCAL_PROVIDER_FAKES = [process.env.LOCAL_PROVIDER_FAKES, whatsapp.url].filter(Boolean).join(',');
    const devWhatsapp = await import('./dev-whatsapp');
    const { startApiServer } = await import('./api-emulator');
    const api = await startApiServer({
      port: options.port,
      host: options.host,
      staticDir: options.staticDir && resolve(options.staticDir),
      connectSources: [s3.endpoint],
      devOutbox: true,
      // The journeys drive the trip watch with these (issue #33).
      devRoutes: {
        ...(await import('./dev-trips')).devTripRoutes(ulip),
        ...devWhatsapp.devWhatsappRoutes(whatsapp),
        ...(await import('./dev-detention')).devDetentionRoutes(),
      },
      devPages: devWhatsapp.devWhatsappPages(whatsapp),
    });
    stops.push(api.close);
    whatsapp.productUrl = api.url;
    await (await import('./demo-whatsapp')).seedDemoWhatsappSettings(whatsapp);
    log(`Fake WhatsApp    ${whatsapp.url} (chats at ${api.url}${devWhatsapp.DEV_WHATSAPP_PAGE})`);
    // Where is my truck (#33): reslot links point at this server; `npm start` watches three demo trucks.
    process.env.APP_ORIGIN ??= api.url;
    if (options.demoActivity) await (await import('./demo-trips')).seedDemoTrips(api.url, ulip);
    // Faults begin once the demo data is in (it is the stack's set-up, not traffic).
    if (faultPlan) {
      const faults = await import('./faults');
      await faults.installFaults();
      faults.switchFaults(faultPlan);
      log(
        `Faults           ${Object.entries(faultPlan.rates)
          .map(([kind, rate]) => `${kind} ${rate * 100} %`)
          .join(', ')}; seed ${faultPlan.seed} (FAULTS_SEED=${faultPlan.seed} replays it)`,
      );
    }
    log(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // workersCaughtUp: true once the stream workers have handled every change made before the call.
    return { url: api.url, stop: stopAll, whatsapp, workersCaughtUp };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
