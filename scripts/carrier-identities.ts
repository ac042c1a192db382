// The one-off move to platform carriers (issue #59.5, functions/carrier-identity/migration.ts): links
// every hub's carrier records and carrier-side accounts to platform carriers. Idempotent: run it again
// and it changes nothing. It prints what it made.
//   npm run migrate:carrier-identities -- --local <DynamoDB Local endpoint> [--table <name>]
//   npm run migrate:carrier-identities            (the table of TABLE_NAME, with the shell's AWS credentials)
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { local: { type: 'string' }, table: { type: 'string' } } });
  if (values.local) {
    const [{ useLocalEnvironment }, { LOCAL_TABLE }] = await Promise.all([
      import('../functions/local/services'),
      import('../functions/local/stack'),
    ]);
    useLocalEnvironment({
      dynamoDbEndpoint: values.local,
      s3Endpoint: values.local,
      tableName: values.table ?? LOCAL_TABLE,
      uploadsBucket: 'not-used-by-the-migration',
    });
  } else if (!process.env.TABLE_NAME) {
    console.error('Set TABLE_NAME (and AWS credentials), or pass --local <DynamoDB Local endpoint>');
    return 2;
  }
  const { linkExistingCarriers } = await import('../functions/carrier-identity/migration');
  console.log(JSON.stringify(await linkExistingCarriers(), null, 2));
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
