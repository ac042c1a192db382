// The driver's dashboard data (GET /api/driver/dashboard): read by the dashboard, and asked for by the
// router beside the dashboard's code when the signed-in hint says a driver opens `/` (issue #34).
import type { Appointment } from '@shared/contracts/appointments';
import { api } from '../../../lib/api-client';

export interface DriverBoard {
  driver: { id: string; name: string } | null;
  nextAppointment: Appointment | null;
  upcoming: Appointment[];
  thisMonth: number;
  onTimeRate: number | null;
  facility: { name: string; address: string | null; mapsUrl: string } | null;
  emergencyContact: string;
}

export const driverBoardQuery = {
  queryKey: ['/api/driver/dashboard'],
  queryFn: () => api.get<DriverBoard>('/api/driver/dashboard'),
  refetchInterval: 30_000,
};
