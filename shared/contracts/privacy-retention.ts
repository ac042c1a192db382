// A tenant's retention policy (issue #36): how long each kind of personal data is kept before it is
// deleted (photos, licence images, message bodies, FASTag crossings) or masked (the personal fields
// of closed appointments, whose counts and timings stay). The defaults and bounds are written here
// once; docs/privacy.md explains them. Texts are the API's English; Hindi is in
// shared/i18n/server-messages-hi.json.
import * as z from 'zod/mini';
import { seenRevision } from './fields';
import { RETENTION_LIMITS, type RetentionKind, type RetentionPeriods } from './retention-limits';

export {
  DEFAULT_RETENTION,
  RETENTION_KINDS,
  RETENTION_LIMITS,
  type RetentionKind,
  type RetentionPeriods,
} from './retention-limits';
/** The longest any tenant may keep an object: the bucket's lifecycle rules delete what is older (lib/data.ts). */
export const RETENTION_MAX_DAYS = 3650;

export const RETENTION_LABELS: Record<RetentionKind, string> = {
  checkinPhotos: 'Check-in photos',
  licenceImages: 'Licence images',
  messageBodies: 'Message bodies',
  fastagCrossings: 'FASTag crossings',
  closedAppointments: "Closed appointments' personal fields",
};

export const retentionBoundText = (kind: RetentionKind) => {
  const { unit, min, max } = RETENTION_LIMITS[kind];
  return `${RETENTION_LABELS[kind]} must be kept between ${min} and ${max} ${unit}`;
};

const period = (kind: RetentionKind) =>
  z
    .number({ error: retentionBoundText(kind) })
    .check(
      z.int(retentionBoundText(kind)),
      z.gte(RETENTION_LIMITS[kind].min, retentionBoundText(kind)),
      z.lte(RETENTION_LIMITS[kind].max, retentionBoundText(kind)),
    );

/** PUT /api/privacy/retention: the whole policy, from the revision the admin's screen loaded. */
export const retentionPolicySchema = z.strictObject({
  checkinPhotos: period('checkinPhotos'),
  licenceImages: period('licenceImages'),
  messageBodies: period('messageBodies'),
  fastagCrossings: period('fastagCrossings'),
  closedAppointments: period('closedAppointments'),
  revision: seenRevision,
});
export type RetentionPolicyInput = z.input<typeof retentionPolicySchema>;

/** The policy as the admin's screen shows it: the tenant's values (the defaults until it saves). */
export interface RetentionPolicy extends RetentionPeriods {
  revision: number;
  updatedAt: string | null;
}

/** One run of the daily retention worker: what it removed or masked, per kind. */
export interface RetentionReport {
  id: string;
  ranAt: string;
  removed: Record<RetentionKind, number>;
}
