// Assign Spots (/yard): the server parks the waiting trucks on the free spots nearest the gate and
// answers what it placed; the toast says how many.
import type { ToastInput } from '../../../lib/toast';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { yardQuery } from './yard';

export interface SpotAssignment {
  placed: { spotId: string; spotNumber: string; assetId: string; appointmentId: string; checkinId: string }[];
  stillWaiting: number;
}

const trucks = (n: number) => `${n} truck${n === 1 ? '' : 's'}`;

export function assignmentToast({ placed, stillWaiting }: SpotAssignment): ToastInput {
  if (!placed.length) {
    return { title: 'No trucks placed', description: stillWaiting ? `No free spot for the ${trucks(stillWaiting)} waiting` : 'No waiting truck needs a spot' };
  }
  const where = placed.map((p) => `${p.assetId} → ${p.spotNumber}`).join(', ');
  return { title: `${trucks(placed.length)} placed`, description: `${where}${stillWaiting ? `. ${trucks(stillWaiting)} still waiting for a free spot` : ''}` };
}

export function useAssignSpots() {
  return useApiMutation<void, SpotAssignment>({
    url: () => '/api/yard/assign-spots',
    send: () => ({}),
    invalidates: () => [yardQuery.queryKey],
    failure: 'Failed to assign spots',
    success: assignmentToast,
  });
}
