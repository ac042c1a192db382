// The kinds of personal data a tenant's retention policy covers, with their defaults and bounds
// (privacy-retention.ts re-exports them beside the policy's schema), apart from zod: the privacy notice
// states the defaults on screens that load no schema.
export const RETENTION_KINDS = [
  'checkinPhotos',
  'licenceImages',
  'messageBodies',
  'fastagCrossings',
  'closedAppointments',
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

/** Each kind's unit, default and bounds, and the reason for them (docs/privacy.md repeats the reasons). */
export const RETENTION_LIMITS: Record<
  RetentionKind,
  { unit: 'days' | 'hours'; default: number; min: number; max: number }
> = {
  // A damage or detention dispute is raised within the month of the visit.
  checkinPhotos: { unit: 'days', default: 30, min: 1, max: 3650 },
  // Needed while the registration is checked and for the driver's first months of visits.
  licenceImages: { unit: 'days', default: 180, min: 1, max: 3650 },
  // A delivery question about a message comes within a quarter.
  messageBodies: { unit: 'days', default: 90, min: 1, max: 3650 },
  // ULIP's terms let a user keep FASTag data for 72 hours at most: more cannot be chosen.
  fastagCrossings: { unit: 'hours', default: 72, min: 1, max: 72 },
  // Half a year covers the disputes and invoices of a visit; the record itself stays, masked.
  closedAppointments: { unit: 'days', default: 180, min: 1, max: 3650 },
};

export type RetentionPeriods = Record<RetentionKind, number>;

export const DEFAULT_RETENTION: RetentionPeriods = Object.fromEntries(
  RETENTION_KINDS.map((kind) => [kind, RETENTION_LIMITS[kind].default]),
) as RetentionPeriods;
