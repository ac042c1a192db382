// Appointments and reschedules: one declaration per call, shared by the scheduling, booking,
// reschedule, dashboard and check-in screens (the last two through the feature's index.ts).
import { useTranslation } from '../../../lib/i18n/use-translation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Appointment,
  AppointmentInput,
  AppointmentStatus,
  CancelAppointmentInput,
  RefuseBookingInput,
  RescheduleInput,
  RescheduleRequest,
} from '@shared/contracts/appointments';
import {
  applyScheduleChanges,
  type TodaysSchedule,
  type TodaysScheduleChanges,
} from '@shared/contracts/todays-schedule';
import { api } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';

export type { Appointment, AppointmentStatus, RescheduleRequest };

/** A day's appointments: of one hub (`facilityId`), or of every hub of the tenant. */
export const appointmentsQuery = (date: string, facilityId?: string) =>
  queryOptions({
    queryKey: ['/api/appointments', date, facilityId ?? 'all'],
    queryFn: () =>
      api.get<Appointment[]>(
        `/api/appointments?date=${date}${facilityId ? `&facilityId=${encodeURIComponent(facilityId)}` : ''}`,
      ),
  });
/**
 * Today's schedule of one hub, today on its clock, polled every 30 s: the home facility's (the
 * dashboard, the yard) or a chosen one's (Quick Check-In). One hub's day is read, never the tenant's,
 * and only once: each poll after the first asks for what changed since the answer held (issue #60), and
 * folds it in (shared/contracts/todays-schedule.ts). The screens see the day's appointments.
 */
export const todaysScheduleQuery = (facilityId?: string) =>
  queryOptions({
    queryKey: ['/api/appointments/today', facilityId ?? 'home'],
    queryFn: async ({ client, queryKey }): Promise<TodaysSchedule> => {
      const held = client.getQueryData<TodaysSchedule>(queryKey);
      const params = new URLSearchParams({
        ...(facilityId ? { facilityId } : {}),
        ...(held ? { since: held.asOf } : {}),
      });
      const query = params.size ? `?${params}` : '';
      return applyScheduleChanges(
        held,
        await api.get<TodaysScheduleChanges>(`/api/appointments/today/changes${query}`),
      );
    },
    select: (schedule) => schedule.appointments,
    refetchInterval: 30_000,
  });
export const pendingReschedulesQuery = queryOptions({
  queryKey: ['/api/reschedules/pending'],
  queryFn: () => api.get<RescheduleRequest[]>('/api/reschedules/pending'),
});

export const upcomingAppointmentsQuery = queryOptions({
  queryKey: ['/api/appointments/upcoming'],
  queryFn: () => api.get<Appointment[]>('/api/appointments/upcoming'),
});

export const useAppointments = (date: string, facilityId: string | undefined, enabled = true) =>
  useQuery({ ...appointmentsQuery(date, facilityId), enabled });
export const useTodaysSchedule = () => useQuery(todaysScheduleQuery());
export const useUpcomingAppointments = () => useQuery(upcomingAppointmentsQuery);
export const usePendingReschedules = () => useQuery(pendingReschedulesQuery);

export interface AvailabilityQuery {
  facilityId: string;
  date: string;
  timeStart: string;
  timeEnd: string;
  dockDoorId?: string;
  excludeAppointmentId?: string;
}

/** Availability of a window; asked only once the window is complete. */
export function useAvailability(q: Partial<AvailabilityQuery>) {
  const complete = Boolean(q.facilityId && q.date && q.timeStart && q.timeEnd && q.timeEnd > q.timeStart);
  const params = new URLSearchParams(
    Object.entries(q).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
  return useQuery({
    queryKey: ['/api/appointments/check-availability', params.toString()],
    queryFn: () => api.get<{ available: boolean; reason?: string }>(`/api/appointments/check-availability?${params}`),
    enabled: complete,
    staleTime: 0,
  });
}

// The dashboard's figures count appointments (insights' query key).
const APPOINTMENT_LISTS = [
  ['/api/appointments'],
  ['/api/appointments/today'],
  ['/api/appointments/upcoming'],
  ['/api/dashboard/metrics'],
];

export function useCreateAppointment() {
  const { t } = useTranslation();
  return useApiMutation<AppointmentInput, Appointment>({
    url: () => '/api/appointments',
    invalidates: () => APPOINTMENT_LISTS,
    failureTitle: t('appointments.toasts.bookingFailedTitle'),
    failure: t('appointments.toasts.bookingFailed'),
  });
}

export function useAddEquipment() {
  const { t } = useTranslation();
  return useApiMutation<{ appointmentId: string; equipmentId: string }, Appointment>({
    url: (b) => `/api/appointments/${b.appointmentId}/equipment`,
    send: (b) => ({ equipmentId: b.equipmentId }),
    invalidates: () => [],
    failure: t('appointments.toasts.equipmentFailed'),
  });
}

export function useChangeStatus() {
  const { t } = useTranslation();
  return useApiMutation<{ id: string; status: AppointmentStatus }, Appointment>({
    method: 'PATCH',
    url: (b) => `/api/appointments/${b.id}/status`,
    send: (b) => ({ status: b.status }),
    invalidates: () => APPOINTMENT_LISTS,
    failure: t('appointments.toasts.statusFailed'),
    success: () => ({ title: t('appointments.toasts.success'), description: t('appointments.toasts.statusUpdated') }),
  });
}

/** Staff approve a carrier's booking awaiting approval, at the revision the list showed. */
export function useApproveBooking() {
  const { t } = useTranslation();
  return useApiMutation<{ id: string; revision: number }, Appointment>({
    url: (b) => `/api/appointments/${b.id}/approve`,
    send: ({ id: _id, ...body }) => body,
    invalidates: () => APPOINTMENT_LISTS,
    failure: t('appointments.approval.approveFailed'),
  });
}

/** Staff refuse it with a reason (the dialog shows a refusal of the reason under its field). */
export function useRefuseBooking() {
  const { t } = useTranslation();
  return useApiMutation<RefuseBookingInput & { id: string }, Appointment>({
    url: (b) => `/api/appointments/${b.id}/refuse`,
    send: ({ id: _id, ...body }) => body,
    invalidates: () => APPOINTMENT_LISTS,
    failure: t('appointments.approval.refuseFailed'),
  });
}

/** Cancels with a reason; the screen raises the success toast (it outlives the row that asked). */
export function useCancelAppointment() {
  const { t } = useTranslation();
  return useApiMutation<CancelAppointmentInput & { id: string }, Appointment>({
    url: (b) => `/api/appointments/${b.id}/cancel`,
    send: ({ id: _id, ...body }) => body,
    invalidates: () => [...APPOINTMENT_LISTS, pendingReschedulesQuery.queryKey, ['/api/driver/dashboard']],
    failureTitle: t('appointments.toasts.cancelFailedTitle'),
    failure: t('appointments.toasts.cancelFailed'),
  });
}

export function useReportIssue() {
  const { t } = useTranslation();
  return useApiMutation<{ appointmentId: string; description: string }>({
    url: (b) => `/api/appointments/${b.appointmentId}/issues`,
    send: (b) => ({ description: b.description }),
    invalidates: () => [['/api/notifications']],
    failure: t('appointments.toasts.issueFailed'),
    success: t('appointments.toasts.issueRecorded'),
  });
}

export function useRequestReschedule() {
  const { t } = useTranslation();
  return useApiMutation<RescheduleInput & { appointmentId: string }, RescheduleRequest>({
    url: (b) => `/api/appointments/${b.appointmentId}/reschedule`,
    send: ({ appointmentId: _id, ...body }) => body,
    invalidates: () => [pendingReschedulesQuery.queryKey],
    failureTitle: t('appointments.toasts.rescheduleFailedTitle'),
    failure: t('appointments.toasts.rescheduleFailed'),
  });
}

export function useDecideReschedule(decision: 'approve' | 'deny') {
  const { t } = useTranslation();
  return useApiMutation<{ id: string }>({
    method: 'PATCH',
    url: (b) => `/api/reschedules/${b.id}/${decision}`,
    invalidates: () => [pendingReschedulesQuery.queryKey, ...APPOINTMENT_LISTS],
    failureTitle: t(
      decision === 'approve' ? 'appointments.toasts.approveFailedTitle' : 'appointments.toasts.denyFailedTitle',
    ),
    failure: t(decision === 'approve' ? 'appointments.toasts.approveFailed' : 'appointments.toasts.denyFailed'),
    success: t(decision === 'approve' ? 'appointments.toasts.approved' : 'appointments.toasts.denied'),
  });
}

export const LOAD_TYPE_LABEL = { inbound: 'Inbound Delivery', outbound: 'Outbound Pickup' } as const;
