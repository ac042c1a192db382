// Detention's calls (issue #57): a facility's terms (admin), a truck's timeline and figures (staff, and
// the carrier whose truck it is), the events and corrections staff record on it, its evidence downloads
// and the public check of a pack's code. Each query is declared once here, for the screens and their
// invalidation.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  DetentionCause,
  DetentionCorrectionInput,
  DetentionEventInput,
  DetentionTerms,
  DetentionTermsSave,
  DetentionTermsView,
  DocumentsParty,
  EvidenceVerification,
  TimelineEntry,
  VehicleClass,
} from '@shared/contracts/detention';
import type { AppointmentStatus } from '@shared/contracts/appointments';
import { api } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { useApiMutation } from '../../../lib/use-api-mutation';

// The truck's view as GET /api/detention/appointments/{id} answers it. Its timeline entries are the
// contract's; the assessment and the view are written beside the server's use case
// (functions/detention/truck.ts, rules.ts, whose instants are Dates until sent), and the SPA imports
// no server code: they are written here as JSON, as the integration test reads the answer.

export type ArrivalOutcome = 'early' | 'on_time' | 'late' | 'no_show' | 'not_yet';

export interface DetentionAssessment {
  day: string;
  arrival: ArrivalOutcome;
  lateByMinutes: number | null;
  open: boolean;
  dwellMinutes: number | null;
  doorWaitMinutes: number | null;
  atDoorMinutes: number | null;
  clockStartsAt: string | null;
  /** When the free time ran out (being added by the API at the time of writing: absent from older answers). */
  detentionStartsAt?: string | null;
  minutesByCause: Record<DetentionCause, number>;
  carrierMinutes: number;
  detentionMinutesByCause: Record<DetentionCause, number>;
  detentionMinutes: number;
  chargedHours: number;
  detentionPaise: number;
  lateFeePaise: number;
}

export interface TruckDetentionView {
  appointmentId: string;
  bookingReference: string;
  facilityId: string;
  facilityName: string;
  timeZone: string;
  carrierName: string | null;
  vehicleNumber: string | null;
  vehicleClass: VehicleClass;
  status: AppointmentStatus;
  window: { date: string; startTime: string; endTime: string };
  timeline: TimelineEntry[];
  documentsLateParty: DocumentsParty | null;
  terms: DetentionTerms;
  assessment: DetentionAssessment;
  evidence: { final: boolean; hash: string | null; issuedAt: string | null };
}

// ---- A facility's terms -------------------------------------------------------------------------------

const termsUrl = (facilityId: string) => `/api/detention/terms?facilityId=${encodeURIComponent(facilityId)}`;

export const detentionTermsQuery = (facilityId: string) =>
  queryOptions({
    queryKey: ['/api/detention/terms', facilityId],
    queryFn: () => api.get<DetentionTermsView>(termsUrl(facilityId)),
  });

export const useDetentionTerms = (facilityId: string) => useQuery(detentionTermsQuery(facilityId));

export const useSaveDetentionTerms = (facilityId: string) =>
  useApiMutation<DetentionTermsSave, DetentionTermsView>({
    method: 'PUT',
    url: () => termsUrl(facilityId),
    invalidates: () => [detentionTermsQuery(facilityId).queryKey],
    failure: i18n.t('detention.terms.failed'),
    success: i18n.t('detention.terms.saved'),
  });

// ---- A truck's detention ------------------------------------------------------------------------------

const truckUrl = (appointmentId: string) => `/api/detention/appointments/${encodeURIComponent(appointmentId)}`;

/** The evidence downloads: the first of a set of facts issues its pack (its code then shows on the view). */
export const evidenceUrl = (appointmentId: string, kind: 'csv' | 'pdf') =>
  `${truckUrl(appointmentId)}/evidence.${kind}`;

/** While a truck is in, its figures run to now: read again each minute. */
const OPEN_REFRESH_MS = 60_000;
/** After a download, until the pack's code shows (the download issues it), for as long as a download may take. */
const PACK_REFRESH_MS = 1_500;
const PACK_WAIT_MS = 30_000;

export const truckDetentionQuery = (appointmentId: string) =>
  queryOptions({
    queryKey: ['/api/detention/appointments', appointmentId],
    queryFn: () => api.get<TruckDetentionView>(truckUrl(appointmentId)),
  });

/** `downloadedAt`: when an evidence download was last started on the screen (null: none). */
export const useTruckDetention = (appointmentId: string, downloadedAt: number | null) =>
  useQuery({
    ...truckDetentionQuery(appointmentId),
    refetchInterval: (query) => {
      const view = query.state.data;
      const awaitingPack = downloadedAt !== null && Date.now() - downloadedAt < PACK_WAIT_MS;
      if (awaitingPack && view && !view.evidence.hash) return PACK_REFRESH_MS;
      return view?.assessment.open ? OPEN_REFRESH_MS : false;
    },
  });

export const useRecordDetentionEvent = (appointmentId: string) =>
  useApiMutation<DetentionEventInput, TruckDetentionView>({
    url: () => `${truckUrl(appointmentId)}/events`,
    invalidates: () => [truckDetentionQuery(appointmentId).queryKey],
    failure: i18n.t('detention.truck.failed'),
    success: i18n.t('detention.truck.recorded'),
  });

export const useCorrectDetentionEvent = (appointmentId: string) =>
  useApiMutation<DetentionCorrectionInput, TruckDetentionView>({
    url: () => `${truckUrl(appointmentId)}/corrections`,
    invalidates: () => [truckDetentionQuery(appointmentId).queryKey],
    failure: i18n.t('detention.truck.failed'),
    success: i18n.t('detention.truck.corrected'),
  });

// ---- The public check of a pack's code ----------------------------------------------------------------

export const evidenceVerificationQuery = (hash: string) =>
  queryOptions({
    queryKey: ['/api/verify', hash],
    queryFn: () => api.get<EvidenceVerification>(`/api/verify/${encodeURIComponent(hash)}`),
    // A refusal (an unknown or edited code, too many tries) is the answer: shown, not asked again.
    retry: false,
  });
