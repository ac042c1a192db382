// The driver's dashboard data (GET /api/driver/dashboard): read by the dashboard, and asked for by the
// router beside the dashboard's code when the signed-in hint says a driver opens `/` (issue #34). Its
// emergency number is kept on the device for use with no network (issue #53).
import type { Appointment } from '@shared/contracts/appointments';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client';
import { keepValue, keptValue } from '../../../lib/device-storage';

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

/** Where the device keeps the emergency number of each driver who opened the dashboard. */
const contactKey = (userId: string) => `docksaathi.emergencyContact.${userId}`;

/**
 * The emergency number: the dashboard's answer, kept on the device so that the button keeps it with
 * no network (the app opened offline, or while the dashboard is being fetched); null until first known.
 */
export function useEmergencyContact(userId: string | null, answered: string | undefined): string | null {
  useEffect(() => {
    // A device that keeps nothing shows the number only while online.
    if (userId && answered) keepValue(contactKey(userId), answered);
  }, [userId, answered]);
  return answered ?? (userId ? keptValue(contactKey(userId)) : null);
}
