// A facility's detention terms (issue #57): one item per facility in the tenant's partition, holding
// the terms of each vehicle class its staff saved and the class a truck booked without one is
// assessed under. Saved whole under the revision rule (functions/lib/revision.ts).
import { getItem } from '../lib/dynamo';
import { tenantPk } from '../lib/table';
import type { DetentionTerms, VehicleClass } from '../../shared/contracts/detention';

export interface StoredDetentionTerms {
  tenantId: string;
  facilityId: string;
  defaultVehicleClass: VehicleClass;
  /** The classes saved so far; the others read the defaults (shared/contracts/detention.ts). */
  classes: Partial<Record<VehicleClass, DetentionTerms>>;
  revision?: number;
  updatedAt: string;
  updatedBy: string;
}

export const DETENTION_TERMS_ENTITY = 'detention-terms';

export const detentionTermsKey = (tenantId: string, facilityId: string) => ({
  PK: tenantPk(tenantId, 'DETENTIONTERMS'),
  SK: facilityId,
});

/** The facility's saved terms (a consistent read: the revision rule compares with it), or null. */
export const storedDetentionTerms = (tenantId: string, facilityId: string) =>
  getItem<StoredDetentionTerms>(detentionTermsKey(tenantId, facilityId), true);
