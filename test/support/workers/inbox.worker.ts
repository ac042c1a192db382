// Fixture queue worker: remembers each message body; a body "poison" always fails.
import { defineWorker } from '../../../functions/lib/worker';

export const bodies: string[] = [];

export const { worker, handler } = defineWorker('test-inbox', 'queue', async (record) => {
  if (record.body === 'poison') throw new Error('poison message');
  bodies.push(record.body);
});
