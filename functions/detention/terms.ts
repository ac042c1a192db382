// A facility's detention terms (issue #57): read with the defaults for the classes never saved, and
// saved one vehicle class at a time under the revision rule, with its audit record. The rules read the
// terms of the class a truck is assessed under (termsFor).
import type { Actor } from '../lib/audit';
import { changeAtRevision, revisionOf, saveWholeRecord } from '../lib/revision';
import {
  DEFAULT_VEHICLE_CLASS,
  VEHICLE_CLASSES,
  defaultTerms,
  termsOf,
  type DetentionTerms,
  type DetentionTermsSave,
  type DetentionTermsView,
  type VehicleClass,
} from '../../shared/contracts/detention';
import {
  DETENTION_TERMS_ENTITY,
  detentionTermsKey,
  storedDetentionTerms,
  type StoredDetentionTerms,
} from './terms.store';

function viewOf(facilityId: string, stored: StoredDetentionTerms | null): DetentionTermsView {
  return {
    facilityId,
    defaultVehicleClass: stored?.defaultVehicleClass ?? DEFAULT_VEHICLE_CLASS,
    classes: VEHICLE_CLASSES.map((vehicleClass) => {
      const saved = stored?.classes[vehicleClass];
      const terms = saved ?? defaultTerms(vehicleClass);
      return {
        ...terms,
        rateRupees: terms.ratePaisePerHour / 100,
        lateFeeRupees: terms.lateFeePaise / 100,
        saved: Boolean(saved),
      };
    }),
    revision: stored ? revisionOf(stored) : 0,
    updatedAt: stored?.updatedAt ?? null,
  };
}

export async function detentionTermsView(tenantId: string, facilityId: string): Promise<DetentionTermsView> {
  return viewOf(facilityId, await storedDetentionTerms(tenantId, facilityId));
}

/**
 * The terms a facility's truck is assessed under (their `vehicleClass` says which): its class's, the
 * facility's default class when the booking names none (bookings carry no class yet).
 */
export async function termsFor(
  tenantId: string,
  facilityId: string,
  vehicleClass?: VehicleClass | null,
): Promise<DetentionTerms> {
  const stored = await storedDetentionTerms(tenantId, facilityId);
  const chosen = vehicleClass ?? stored?.defaultVehicleClass ?? DEFAULT_VEHICLE_CLASS;
  return stored?.classes[chosen] ?? defaultTerms(chosen);
}

/** Saves one class's terms (and, when asked, makes it the facility's default class). */
export function saveDetentionTerms(
  tenantId: string,
  facilityId: string,
  actor: Actor,
  input: DetentionTermsSave,
  now = new Date(),
): Promise<DetentionTermsView> {
  const { revision: seen, defaultClass, ...fields } = input;
  return changeAtRevision({
    read: () => storedDetentionTerms(tenantId, facilityId),
    seen,
    view: (current) => viewOf(facilityId, current),
    apply: async (before) => {
      const changed: StoredDetentionTerms = {
        tenantId,
        facilityId,
        defaultVehicleClass: defaultClass
          ? fields.vehicleClass
          : (before?.defaultVehicleClass ?? DEFAULT_VEHICLE_CLASS),
        classes: { ...before?.classes, [fields.vehicleClass]: termsOf(fields) },
        updatedAt: now.toISOString(),
        updatedBy: actor.username,
      };
      const after = await saveWholeRecord(
        {
          key: detentionTermsKey(tenantId, facilityId),
          entity: DETENTION_TERMS_ENTITY,
          before,
          changed,
          audit: { tenantId, actor, action: 'detention.terms', entityId: facilityId },
        },
        now,
      );
      return viewOf(facilityId, after);
    },
  });
}
