// The driver's gate pass (issue #31): fetched for the next scheduled appointment whenever the server
// can be reached, and kept on the phone (web/src/lib/offline-store.ts) so that it shows at the gate
// with no mobile data. A pass the server no longer issues (the appointment was cancelled or is no
// longer scheduled) is dropped from the phone too.
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Appointment } from '@shared/contracts/appointments';
import type { GatePassView } from '@shared/contracts/gate-pass';
import { api, ApiError } from '../../../lib/api-client';
import { offlineStore, type SavedPass } from '../../../lib/offline-store';

const SAVED_KEY = ['offline', 'passes'] as const;

/** The server's answer that there is no pass for this appointment (gone, or not scheduled any more). */
const noPass = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 409);

export interface DriverPass {
  pass: SavedPass;
  /** Shown from the phone's copy because the server could not be reached. */
  fromPhone: boolean;
}

/**
 * The pass to show: the next appointment's, fresh from the server and saved; else (no network) the
 * phone's copy of it, or, when not even the appointment is known, the soonest pass saved on the phone.
 */
export function useDriverPass(next: Appointment | null, unreachable: boolean): DriverPass | null {
  const queryClient = useQueryClient();
  const appointmentId = next?.status === 'scheduled' ? next.id : null;
  const fresh = useQuery({
    queryKey: ['/api/appointments', appointmentId, 'gate-pass'],
    enabled: appointmentId !== null,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      try {
        const saved = await offlineStore.savePass(
          await api.get<GatePassView>(`/api/appointments/${encodeURIComponent(appointmentId!)}/gate-pass`),
        );
        await queryClient.invalidateQueries({ queryKey: SAVED_KEY });
        return saved;
      } catch (err) {
        if (noPass(err)) {
          await offlineStore.forgetPass(appointmentId!);
          await queryClient.invalidateQueries({ queryKey: SAVED_KEY });
        }
        throw err;
      }
    },
  });
  const freshUnanswered = fresh.isError && !(fresh.error instanceof ApiError);
  const serverUnreachable = unreachable || freshUnanswered;
  // Back online: a pass the network did not carry is asked for again at once.
  const { refetch } = fresh;
  useEffect(() => {
    if (!unreachable && freshUnanswered) void refetch();
  }, [unreachable, freshUnanswered, refetch]);
  // The phone's copies are read only when the server cannot be reached: with a network, the first
  // screen does not wait on the device's store (issue #34).
  const saved = useQuery({
    queryKey: SAVED_KEY,
    queryFn: () => offlineStore.currentPasses(),
    staleTime: 0,
    enabled: serverUnreachable,
  });

  // Fetched while online, and the phone's copy (saved as fetched) once the server cannot be reached.
  if (fresh.data && fresh.data.appointmentId === appointmentId)
    return { pass: fresh.data, fromPhone: serverUnreachable };
  if (!serverUnreachable) return null;
  const kept = saved.data ?? [];
  const pass = appointmentId ? kept.find((p) => p.appointmentId === appointmentId) : kept[0];
  return pass ? { pass, fromPhone: true } : null;
}
