// The one-off recount of the booking counters (functions/appointments/reconcile-counters.ts) from a
// shell, against a deployed table or the table of a running `npm start` (docs/operations.md):
//   TABLE_NAME=<table> AWS_REGION=<region> npx tsx functions/local/reconcile-counters.ts <tenantId>... [--days 90]
//   npx tsx functions/local/reconcile-counters.ts demo --local <DynamoDB Local endpoint npm start printed>
// It prints every counter it corrected; a second run corrects nothing.
import { parseArgs } from 'node:util';
import { LOCAL_TABLE } from './stack';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './services';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { days: { type: 'string', default: '90' }, local: { type: 'string' } },
});
const days = Number(values.days);
if (!positionals.length || !Number.isInteger(days) || days < 0) {
  console.error(
    'Usage: reconcile-counters.ts <tenantId>... [--days <whole days ahead, default 90>] [--local <DynamoDB Local endpoint>]',
  );
  process.exit(2);
}
if (values.local) {
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: values.local,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    TABLE_NAME: process.env.TABLE_NAME || LOCAL_TABLE,
  });
}
// Imported only now: the store reads the environment set above.
const { reconcileCounters } = await import('../appointments');
for (const tenantId of positionals) {
  const corrections = await reconcileCounters(tenantId, { days });
  for (const c of corrections)
    console.log(
      `${tenantId} ${c.facilityId} ${c.date}${c.startTime ? ` ${c.startTime}` : ''} ${c.counter}: ${c.was ?? 'none'} -> ${c.count}`,
    );
  console.log(`${tenantId}: ${corrections.length} counter${corrections.length === 1 ? '' : 's'} corrected`);
}
