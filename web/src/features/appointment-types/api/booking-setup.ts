// A facility's appointment types and booking fields (issue #32): read for the booking forms, set up in /configuration.
import { useQuery } from '@tanstack/react-query';
import type {
  AppointmentType,
  AppointmentTypeInput,
  BookingField,
  BookingFieldInput,
  BookingSetup,
} from '@shared/contracts/appointment-types';
import { api } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { useApiMutation } from '../../../lib/use-api-mutation';

const setupKey = (facilityId: string) => ['/api/bookings/setup', facilityId];
const base = (facilityId: string) => `/api/appointment-types/facilities/${facilityId}`;

/** The types and the fields the signed-in user is asked (carriers: not those hidden from them). */
export const useBookingSetup = (facilityId: string | null) =>
  useQuery({
    queryKey: setupKey(facilityId ?? ''),
    queryFn: () => api.get<BookingSetup>(`/api/bookings/setup?facilityId=${encodeURIComponent(facilityId!)}`),
    enabled: Boolean(facilityId),
  });

export const useCreateType = (facilityId: string) =>
  useApiMutation<AppointmentTypeInput, AppointmentType>({
    url: () => `${base(facilityId)}/types`,
    invalidates: () => [setupKey(facilityId)],
    failure: i18n.t('appointmentTypes.toasts.typeFailed'),
    success: i18n.t('appointmentTypes.toasts.typeSaved'),
  });

/** Saves a type's edit at the revision the form loaded (a change meanwhile: 409). */
export const useUpdateType = (facilityId: string) =>
  useApiMutation<{ id: string; revision: number; input: AppointmentTypeInput }, AppointmentType>({
    method: 'PUT',
    url: ({ id }) => `${base(facilityId)}/types/${id}`,
    send: ({ input, revision }) => ({ ...input, revision }),
    invalidates: () => [setupKey(facilityId)],
    failure: i18n.t('appointmentTypes.toasts.typeFailed'),
    success: i18n.t('appointmentTypes.toasts.typeSaved'),
  });

export const useDeleteType = (facilityId: string) =>
  useApiMutation<AppointmentType, unknown>({
    method: 'DELETE',
    url: (t) => `${base(facilityId)}/types/${t.id}?revision=${t.revision}`,
    invalidates: () => [setupKey(facilityId)],
    failure: i18n.t('appointmentTypes.toasts.typeFailed'),
    success: i18n.t('appointmentTypes.toasts.typeDeleted'),
  });

export const useCreateField = (facilityId: string) =>
  useApiMutation<BookingFieldInput, BookingField>({
    url: () => `${base(facilityId)}/fields`,
    invalidates: () => [setupKey(facilityId)],
    failure: i18n.t('appointmentTypes.toasts.fieldFailed'),
    success: i18n.t('appointmentTypes.toasts.fieldSaved'),
  });

/** Saves a field's edit at the revision the form loaded; the API names its refusals `field.<name>`. */
export const useUpdateField = (facilityId: string) =>
  useApiMutation<{ id: string; revision: number; input: BookingFieldInput }, BookingField>({
    method: 'PUT',
    url: ({ id }) => `${base(facilityId)}/fields/${id}`,
    send: ({ input, revision }) => ({ field: input, revision }),
    invalidates: () => [setupKey(facilityId)],
    failure: i18n.t('appointmentTypes.toasts.fieldFailed'),
    success: i18n.t('appointmentTypes.toasts.fieldSaved'),
  });

export const useDeleteField = (facilityId: string) =>
  useApiMutation<BookingField, unknown>({
    method: 'DELETE',
    url: (f) => `${base(facilityId)}/fields/${f.id}?revision=${f.revision}`,
    invalidates: () => [setupKey(facilityId)],
    failure: i18n.t('appointmentTypes.toasts.fieldFailed'),
    success: i18n.t('appointmentTypes.toasts.fieldDeleted'),
  });

/** The facility's dock doors, for choosing those that take a type. */
export const useFacilityDoors = (facilityId: string) =>
  useQuery({
    queryKey: ['/api/facilities', facilityId, 'dock-doors'],
    queryFn: () =>
      api.get<{ id: string; doorNumber: string; status: string }[]>(`/api/facilities/${facilityId}/dock-doors`),
  });
