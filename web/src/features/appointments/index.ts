// What other features and the app use of appointments: its screens, the status badge and action,
// the cancel dialog, today's schedule and reporting an issue on an appointment.
import { registerCatalogue } from '../../lib/i18n';
import { appointmentsText } from './i18n';

registerCatalogue(appointmentsText);

export { BookingRoute } from './routes/booking-route';
export { RescheduleRoute } from './routes/reschedule-route';
export { SchedulingRoute } from './routes/scheduling-route';
export { AppointmentStatusAction, StatusBadge } from './components/appointment-status';
export { useCancelFlow } from './components/use-cancel-flow';
export {
  LOAD_TYPE_LABEL,
  todaysScheduleQuery,
  useCancelAppointment,
  useReportIssue,
  useTodaysSchedule,
} from './api/appointments';
