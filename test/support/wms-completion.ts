// A completion that stops after its first chunk, as when the function dies half-way: the same steps
// Complete runs (functions/wms/cycle-counts.ts), without the rest.
import { applyNextChunk, beginCompletion } from '../../functions/wms/cycle-count-completion';

export async function failAfterFirstChunk(countId: string, tenantId = 'demo') {
  const actor = { userId: 'test', username: 'operations' };
  const count = await beginCompletion(tenantId, countId, actor);
  await applyNextChunk(count, actor);
}
