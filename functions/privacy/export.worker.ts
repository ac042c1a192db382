// The tenant export's builder (functions/workers.ts 'privacy-tenant-export', issue #36): each export an
// admin asks for (its item's INSERT on the table's stream) is built into its archive (export.ts).
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { defineWorker } from '../lib/worker';
import { buildTenantExport } from './export';
import type { StoredExport } from './export.store';

export const { handler, worker } = defineWorker('privacy-tenant-export', 'stream', async (record) => {
  const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
  if (!image) return;
  const requested = unmarshall(image) as StoredExport;
  if (requested.status === 'running') await buildTenantExport(requested.tenantId, requested.id);
});
