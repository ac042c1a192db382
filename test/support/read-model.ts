// The dashboard's read model in an integration test: the demo seed's day counters rebuilt (the seed
// is written before any worker runs, as in `npm start`) and the day-figures stream worker polling
// the test's table, so figures follow the changes the test makes through the API.
import { inject } from 'vitest';
import type { TestApi } from './api';

export async function startReadModel(api: TestApi): Promise<{ stop: () => Promise<void> }> {
  const { rebuildDemoFigures } = await import('../../functions/local/demo-figures');
  await rebuildDemoFigures();
  const { WORKERS } = await import('../../functions/workers');
  const { startLocalWorkers } = await import('../../functions/local/workers');
  return startLocalWorkers({
    workers: WORKERS.filter((w) => w.name === 'day-figures'),
    dynamoDbEndpoint: inject('dynamoDbEndpoint'),
    tableName: api.tableName,
  });
}
