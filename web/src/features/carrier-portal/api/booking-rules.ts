// A facility's booking rules (issue #32): read by every booker, saved by staff at the revision loaded.
import { useQuery } from '@tanstack/react-query';
import type { BookingRules, BookingRulesInput } from '@shared/contracts/appointments-booking-rules';
import { api } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { useApiMutation } from '../../../lib/use-api-mutation';

const rulesUrl = (facilityId: string) => `/api/bookings/facilities/${facilityId}/rules`;

export const useBookingRules = (facilityId: string) =>
  useQuery({ queryKey: [rulesUrl(facilityId)], queryFn: () => api.get<BookingRules>(rulesUrl(facilityId)) });

export const useSaveBookingRules = (facilityId: string) =>
  useApiMutation<BookingRulesInput, BookingRules>({
    method: 'PUT',
    url: () => rulesUrl(facilityId),
    invalidates: () => [[rulesUrl(facilityId)]],
    failure: i18n.t('carrierPortal.rules.failed'),
    success: i18n.t('carrierPortal.rules.saved'),
  });
