// /checkin: current and past check-ins, quick check-in for a scheduled appointment, walk-ins, the
// check-in status flow and a dock door for a truck that came without one. The changes and their
// toasts live here, at screen level: the refresh after each change re-renders the cards.
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { ClipboardCheck, UserPlus } from 'lucide-react';
import { actsForAll, seesAll } from '@shared/access';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useAssignCheckinDoor, useCheckins, useCheckinStatus } from '../api/checkins';
import { useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { CheckinCard } from '../components/checkin-card';
import { GateScreenLink } from '../../gate';
import { loadLater } from '../../../lib/load-later';

// The staff's forms are not part of the list's first paint (nor of a driver's screen at all).
const QuickCheckinForm = loadLater(async () => (await import('../components/quick-checkin-form')).QuickCheckinForm, {
  fallback: null,
});
const WalkInForm = loadLater(async () => (await import('../components/walk-in-form')).WalkInForm, { fallback: null });

export function CheckinRoute() {
  const { t } = useTranslation();
  const { user, hasPermission } = useSession();
  const { toast } = useToast();
  const staff = Boolean(user && actsForAll(user));
  // The server's rule for door assignment: check-ins may be written and all appointments read.
  const assignsDoors = hasPermission('checkins:write') && Boolean(user && seesAll(user));
  const checkins = useCheckins();
  const status = useCheckinStatus();
  const assignDoor = useAssignCheckinDoor();
  const [tab, setTab] = useState<'current' | 'history'>('current');
  const [dialog, setDialog] = useState<'quick' | 'walkin' | null>(null);
  const current = useMemo(() => (checkins.data ?? []).filter((c) => c.status !== 'departed'), [checkins.data]);
  const shown = tab === 'current' ? current : (checkins.data ?? []);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('checkins.title')}</h1>
        {staff && (
          <div className="flex gap-2">
            <Button onClick={() => setDialog('quick')}>
              <ClipboardCheck className="h-4 w-4" aria-hidden /> {t('checkins.quick')}
            </Button>
            <Button variant="secondary" onClick={() => setDialog('walkin')}>
              <UserPlus className="h-4 w-4" aria-hidden /> {t('checkins.walkIn')}
            </Button>
            <GateScreenLink />
          </div>
        )}
      </div>
      <div className="flex gap-1 rounded-lg bg-slate-200 p-1" role="tablist">
        {(['current', 'history'] as const).map((key) => (
          <button
            key={key}
            role="tab"
            aria-selected={tab === key}
            onClick={() => setTab(key)}
            className={`flex-1 rounded-md px-3 py-1.5 text-sm font-medium ${tab === key ? 'bg-white shadow' : 'text-slate-600'}`}
          >
            {key === 'current' ? t('checkins.current', { count: current.length }) : t('checkins.history')}
          </button>
        ))}
      </div>
      {!shown.length ? (
        <p className="py-8 text-center text-slate-500">
          {checkins.isLoading ? t('common.loading') : tab === 'current' ? t('checkins.noneNow') : t('checkins.noneYet')}
        </p>
      ) : (
        <div className="grid gap-3 md:grid-cols-2" role="list" aria-label={t('checkins.list')}>
          {shown.map((c) => (
            <CheckinCard
              key={c.id}
              checkin={c}
              canChangeStatus={staff}
              canAssignDoor={assignsDoors}
              busy={status.isPending || assignDoor.isPending}
              onStatus={(to) =>
                status.mutate(
                  { id: c.id, status: to },
                  {
                    onSuccess: () => toast({ title: t('checkins.success'), description: t('checkins.statusUpdated') }),
                  },
                )
              }
              onAssignDoor={(dockDoorId) =>
                assignDoor.mutate(
                  { id: c.id, dockDoorId },
                  {
                    onSuccess: (updated) =>
                      toast({
                        title: t('checkins.success'),
                        description: t('checkins.doorAssigned', { door: updated.doorNumber }),
                      }),
                  },
                )
              }
            />
          ))}
        </div>
      )}
      {staff && (
        <>
          <Dialog open={dialog === 'quick'} onClose={() => setDialog(null)} title={t('checkins.quick')}>
            <QuickCheckinForm onDone={() => setDialog(null)} />
          </Dialog>
          <Dialog open={dialog === 'walkin'} onClose={() => setDialog(null)} title={t('checkins.walkIn')} wide>
            <WalkInForm onDone={() => setDialog(null)} />
          </Dialog>
        </>
      )}
    </div>
  );
}
