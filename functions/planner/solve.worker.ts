// The door plan proposals' solver (functions/workers.ts 'planner-proposals', issue #58.2): each proposal
// staff ask for (its item's INSERT on the table's stream) solved by solve.ts. The WebAssembly solver
// (highs) is bundled here and in no HTTP function.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { defineWorker } from '../lib/worker';
import { solveProposal } from './solve';
import type { StoredProposal } from './proposal.store';

export const { handler, worker } = defineWorker('planner-proposals', 'stream', async (record) => {
  const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
  if (!image) return;
  const asked = unmarshall(image) as StoredProposal;
  if (asked.status === 'solving') await solveProposal(asked.tenantId, asked.id);
});
