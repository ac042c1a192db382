// Security incidents (TENANT#<t>#PRIVACY, INCIDENT#<id>): kept as long as the tenant, for the Board
// and the customer's auditors. An incident names kinds of data and days, never a person.
import { auditPut, type Actor } from '../lib/audit';
import { getItem, queryPrefix, transact } from '../lib/dynamo';
import { RevisionConflictError } from '../lib/errors';
import { wholeRecordPut } from '../lib/revision';
import { tenantPk } from '../lib/table';
import type { Incident } from '../../shared/contracts/privacy-incidents';

const key = (tenantId: string, id: string) => ({ PK: tenantPk(tenantId, 'PRIVACY'), SK: `INCIDENT#${id}` });

export const listIncidents = (tenantId: string) =>
  queryPrefix<Incident>(tenantPk(tenantId, 'PRIVACY'), 'INCIDENT#', { consistent: true });

export const getIncident = (tenantId: string, id: string) => getItem<Incident>(key(tenantId, id), true);

/** The incident as recorded (before: null) or at its next step, written only if nobody changed it since `before` was read. */
export async function saveIncident(
  tenantId: string,
  before: Incident | null,
  changed: Incident,
  action: string,
  actor: Actor,
  now: Date,
): Promise<Incident> {
  const { after, put } = wholeRecordPut(key(tenantId, changed.id), 'privacy-incident', before, {
    ...changed,
    tenantId,
  });
  await transact(
    [
      put,
      auditPut(
        {
          tenantId,
          actor,
          action,
          entityType: 'privacy-incident',
          entityId: changed.id,
          before: before && { ...before },
          after,
        },
        now,
      ),
    ],
    () => new RevisionConflictError(before),
  );
  const { tenantId: _tenant, ...incident } = after;
  return incident;
}
