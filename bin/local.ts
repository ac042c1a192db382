// `npm start`: runs the whole product locally with demo data. Ctrl-C stops every child process.
// Local mode first: the modules below check it when they load (a clean shell sets nothing).
import '../functions/local/local-mode';
import { startLocalStack } from '../functions/local/stack';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../functions/local/seed';
import { PRODUCT_NAME } from '../shared/product';

const port = Number(process.env.PORT ?? 3000);
const inMemory = process.env.LOCAL_IN_MEMORY === '1';
process.env.LOG_LEVEL ??= 'warn';

try {
  const stack = await startLocalStack({
    port,
    host: process.env.HOST ?? '127.0.0.1',
    dataDir: inMemory ? undefined : '.local',
    staticDir: process.env.WEB_DIST ? `web/${process.env.WEB_DIST}` : 'web/dist',
    demoActivity: process.env.DEMO_ACTIVITY !== '0',
    log: (line) => console.log(`  ${line}`),
  });
  console.log(`\n${PRODUCT_NAME} is running at ${stack.url}`);
  console.log(`Sample accounts (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => a.username).join(', ')}\n`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
} catch (err) {
  console.error(`\nCould not start the local stack:\n${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
