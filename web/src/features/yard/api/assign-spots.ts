// Assign Spots (/yard): the server parks the waiting trucks on the free spots nearest the gate and
// answers what it placed; the toast says how many.
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { TFunction } from '../../../lib/i18n/translator';
import type { ToastInput } from '../../../lib/toast';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { yardQuery } from './yard';

export interface SpotAssignment {
  placed: { spotId: string; spotNumber: string; assetId: string; appointmentId: string; checkinId: string }[];
  stillWaiting: number;
}

export function assignmentToast({ placed, stillWaiting }: SpotAssignment, t: TFunction): ToastInput {
  if (!placed.length) {
    return {
      title: t('yard.toasts.nonePlaced'),
      description: stillWaiting
        ? t('yard.toasts.noFreeSpot', { count: stillWaiting })
        : t('yard.toasts.nothingWaiting'),
    };
  }
  const where = placed.map((p) => `${p.assetId} → ${p.spotNumber}`).join(', ');
  return {
    title: t('yard.toasts.placed', { count: placed.length }),
    description: `${where}${stillWaiting ? `. ${t('yard.toasts.stillWaiting', { count: stillWaiting })}` : ''}`,
  };
}

export function useAssignSpots() {
  const { t } = useTranslation();
  return useApiMutation<void, SpotAssignment>({
    url: () => '/api/yard/assign-spots',
    send: () => ({}),
    invalidates: () => [yardQuery.queryKey],
    failure: t('yard.toasts.assignFailed'),
    success: (result) => assignmentToast(result, t),
  });
}
