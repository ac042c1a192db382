// A driver's rights over their personal data (issue #36, India's DPDP Act): see it, download it,
// correct it, ask for it to be erased; the facility admin's erasure requests and the access log
// (docs/privacy.md). Texts are the API's English; Hindi is in shared/i18n/server-messages-hi.json.
import * as z from 'zod/mini';
import { changesSome, NOTHING_TO_CHANGE, requiredText, seenRevision } from './fields';
import { isDrivingLicenceNumber, normalizeRegistryNumber, NUMBER_MESSAGES } from '../vehicle-numbers';

/** PATCH /api/privacy/my-data: the driver's own name and licence, from the revision their screen loaded. */
const correctionFields = {
  name: requiredText('Driver name is required', 120),
  licenseNumber: z
    .pipe(
      z
        .string({ error: 'License number is required' })
        .check(
          z.trim(),
          z.minLength(1, 'License number is required'),
          z.maxLength(30, 'Must be at most 30 characters'),
        ),
      z.transform(normalizeRegistryNumber),
    )
    .check(z.refine(isDrivingLicenceNumber, NUMBER_MESSAGES.licence)),
};
export const privacyCorrectionSchema = z
  .extend(z.partial(z.strictObject(correctionFields)), { revision: seenRevision })
  .check(z.refine(changesSome(Object.keys(correctionFields)), { message: NOTHING_TO_CHANGE, path: ['_'] }));
export type PrivacyCorrectionInput = z.input<typeof privacyCorrectionSchema>;

/** POST /api/privacy/erasure-requests/{id}/refuse: why the facility keeps the data. */
export const ERASURE_REFUSAL_MIN = 10;
export const erasureRefusalSchema = z.strictObject({
  reason: z
    .string({ error: 'Please give a reason for the refusal (minimum 10 characters)' })
    .check(
      z.trim(),
      z.minLength(ERASURE_REFUSAL_MIN, 'Please give a reason for the refusal (minimum 10 characters)'),
      z.maxLength(500, 'Must be at most 500 characters'),
    ),
});
export type ErasureRefusalInput = z.input<typeof erasureRefusalSchema>;

// 'erasing': accepted by the admin, being carried out by the erasure worker (issue #52), then 'completed'.
export const ERASURE_STATUSES = ['pending', 'erasing', 'completed', 'refused'] as const;
export type ErasureStatus = (typeof ERASURE_STATUSES)[number];

/** An erasure request as the admin and the driver see it. */
export interface ErasureRequest {
  id: string;
  driverId: string;
  carrierId: string;
  /** The account that asked (it drives as the person, and is erased with them); null when made otherwise. */
  accountId: string | null;
  /** "Driver #7f3a": the same for the same person, the only name the request keeps once it is done. */
  pseudonym: string;
  /** The driver's name while the request is open; null once erased. */
  driverName: string | null;
  status: ErasureStatus;
  requestedAt: string;
  /** The last day (YYYY-MM-DD, India) by which the facility answers. */
  dueDate: string;
  /** Why it cannot be done yet (an appointment in progress), when it cannot. */
  heldReason: string | null;
  refusedReason: string | null;
  decidedAt: string | null;
  revision: number;
}

/** One line of the access log: who viewed or exported whose personal data. */
export interface AccessLogEntry {
  at: string;
  actorId: string | null;
  actorRole: string | null;
  action: 'viewed' | 'exported' | 'viewed-request' | 'tenant-exported' | 'tenant-export-downloaded';
  /** The pseudonym of the person whose data it was. */
  subject: string;
}

/** GET /api/privacy/my-data: every record held about the signed-in driver in the tenant. */
export interface MyData {
  driver: {
    id: string;
    carrierId: string;
    name: string;
    phone: string | null;
    licenseNumber: string;
    preferredLanguage: string | null;
    preferredChannels: string[];
    createdAt: string;
    revision: number;
  };
  appointments: Record<string, unknown>[];
  checkins: Record<string, unknown>[];
  messages: Record<string, unknown>[];
  /** What the licence registry answered the gate about the driver's licence, while the gate keeps it. */
  gateChecks: Record<string, unknown>[];
  gatePhotos: Record<string, unknown>[];
  trips: Record<string, unknown>[];
  consents: Record<string, unknown>[];
  erasureRequests: ErasureRequest[];
}
