// The one-off, idempotent moves of stored data, each run once per stage after the deploy that brings it
// (README, "Deploy"). Run one again and it changes nothing. Each prints what it did.
//   carrier-identities  per-hub carriers to platform carriers (issue #59.5, functions/carrier-identity/migration.ts)
//   appointment-keys    appointments' index keys as derived now: the date index per facility and date (issue #60)
//                       and any index added since (functions/appointments/reindex.store.ts)
//   npm run migrate:<name> -- --local <DynamoDB Local endpoint> [--table <name>]
//   npm run migrate:<name>            (the table of TABLE_NAME, with the shell's AWS credentials)
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { useLocalTable } from './ops/local-table';

const MIGRATIONS: Record<string, () => Promise<unknown>> = {
  'carrier-identities': async () => (await import('../functions/carrier-identity/migration')).linkExistingCarriers(),
  'appointment-keys': async () => (await import('../functions/appointments')).reindexAppointments(),
};

export async function main(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { local: { type: 'string' }, table: { type: 'string' } },
  });
  const migration = MIGRATIONS[positionals[0] ?? ''];
  if (!migration || positionals.length !== 1) {
    console.error(
      `usage: tsx scripts/migrate.ts ${Object.keys(MIGRATIONS).join('|')} [--local <endpoint>] [--table <name>]`,
    );
    return 2;
  }
  if (values.local) await useLocalTable(values.local, values.table, 'the-migration');
  else if (!process.env.TABLE_NAME) {
    console.error('Set TABLE_NAME (and AWS credentials), or pass --local <DynamoDB Local endpoint>');
    return 2;
  }
  console.log(JSON.stringify(await migration(), null, 2));
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: Error) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}
