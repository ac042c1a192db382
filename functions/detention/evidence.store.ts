// The verification record of an issued evidence pack (issue #57.3): keyed by the pack's hash alone,
// outside any tenant's partition, because whoever holds the paper checks it without a session (the
// public verify route). Written once and never changed: a pack edited afterwards has another hash,
// which finds nothing. It keeps only what the verify page shows (the facility, the booking code, the
// issue time and the sums), never the vehicle number or people's names: the pack itself is the paper.
import { config } from '../lib/config';
import { getItem } from '../lib/dynamo';
import type { EvidenceVerification } from '../../shared/contracts/detention';

export interface EvidenceRecord {
  hash: string;
  tenantId: string;
  appointmentId: string;
  /** What the public verify page shows of the pack. */
  verification: EvidenceVerification;
}

const key = (hash: string) => ({ PK: `EVIDENCE#${hash}`, SK: 'PACK' });

export const getEvidenceRecord = (hash: string) => getItem<EvidenceRecord>(key(hash), true);

/** The transaction item that writes the record where none is: never over an existing one. */
export function evidenceRecordPut(record: EvidenceRecord) {
  return {
    Put: {
      TableName: config.tableName,
      Item: { ...key(record.hash), entity: 'detention-evidence', ...record },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}
