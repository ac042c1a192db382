// What other features and the app use of appointments: its screens, the status badge and action,
// the cancel dialog, today's schedule and reporting an issue on an appointment.
import { registerCatalogue } from '../../lib/i18n';
import { loadLater } from '../../lib/load-later';
import { appointmentsText } from './i18n';

registerCatalogue(appointmentsText);

// The screens are fetched when shown: the features that use the parts below do not carry them.
export const BookingRoute = loadLater(async () => (await import('./routes/booking-route')).BookingRoute);
export const RescheduleRoute = loadLater(async () => (await import('./routes/reschedule-route')).RescheduleRoute);
export const SchedulingRoute = loadLater(async () => (await import('./routes/scheduling-route')).SchedulingRoute);
export { AppointmentStatusAction, StatusBadge } from './components/appointment-status';
export { useCancelFlow } from './components/use-cancel-flow';
export {
  LOAD_TYPE_LABEL,
  todaysScheduleQuery,
  useCancelAppointment,
  useReportIssue,
  useTodaysSchedule,
} from './api/appointments';
