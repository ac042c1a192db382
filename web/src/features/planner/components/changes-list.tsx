// The changes of a proposed plan as a list (issue #58.2): the whole screen's list on a phone, under the
// board on a desktop. Each truck the plan moves: where it is now and where the plan puts it, its wait, and
// what applying did (applied, or refused with the reason, in the reader's language). Staff who move trucks
// tick some and apply them, or accept all; a truck applied already cannot be ticked again.
import { useState } from 'react';
import type { PlacedAt, PlanProposal } from '@shared/contracts/planner';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useServerText } from '../../../lib/server-text';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useApplyProposal } from '../api/planner';

export function ChangesList({ proposal, canApply }: { proposal: PlanProposal; canApply: boolean }) {
  const { t } = useTranslation();
  const serverText = useServerText();
  const apply = useApplyProposal(proposal);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const changes = proposal.trucks.filter((truck) => truck.changed && truck.proposed);
  const open = changes.filter((truck) => truck.applied?.outcome !== 'applied');
  const place = (at: PlacedAt | null) =>
    t('planner.changes.at', { door: at?.doorNumber ?? t('planner.changes.noDoor'), time: at?.start ?? '—' });
  const toggle = (id: string) =>
    setChosen((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const run = (truckIds?: string[]) =>
    apply.mutate(truckIds ? { truckIds } : {}, { onSuccess: () => setChosen(new Set()) });
  const picked = [...chosen].filter((id) => open.some((truck) => truck.appointmentId === id));
  if (!changes.length) return <p className="text-sm text-slate-600">{t('planner.changes.none')}</p>;
  return (
    <div className="space-y-3">
      {canApply && (
        <div className="flex flex-wrap gap-2">
          <Button disabled={apply.isPending || !open.length} onClick={() => run()}>
            {apply.isPending ? t('planner.changes.applying') : t('planner.changes.acceptAll')}
          </Button>
          <Button variant="secondary" disabled={apply.isPending || !picked.length} onClick={() => run(picked)}>
            {t('planner.changes.applySelected', { count: picked.length })}
          </Button>
        </div>
      )}
      <ul
        aria-label={t('planner.changes.title')}
        className="divide-y divide-slate-200 rounded-md border border-slate-200"
      >
        {changes.map((truck) => {
          const outcome = truck.applied?.outcome;
          return (
            <li
              key={truck.appointmentId}
              data-testid={`change-${truck.bookingReference}`}
              className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between"
            >
              <div className="flex items-start gap-3">
                {canApply && (
                  <input
                    type="checkbox"
                    className="mt-1 h-5 w-5 shrink-0"
                    aria-label={t('planner.changes.choose', { truck: truck.bookingReference })}
                    checked={chosen.has(truck.appointmentId)}
                    disabled={outcome === 'applied' || apply.isPending}
                    onChange={() => toggle(truck.appointmentId)}
                  />
                )}
                <div className="space-y-1 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold">{truck.bookingReference}</span>
                    {truck.vehicleLicense && <span className="text-slate-600">{truck.vehicleLicense}</span>}
                    <Badge tone="blue">{t(`planner.states.${truck.state}`)}</Badge>
                  </div>
                  <div>
                    <span className="text-slate-600">{t('planner.changes.from')}: </span>
                    {place(truck.current)}
                  </div>
                  <div className="font-medium">
                    <span className="text-slate-600">{t('planner.changes.to')}: </span>
                    {place(truck.proposed)}
                  </div>
                  {truck.waitMinutes !== null && (
                    <div className="text-slate-600">{t('planner.changes.wait', { minutes: truck.waitMinutes })}</div>
                  )}
                </div>
              </div>
              <div className="text-sm sm:max-w-xs sm:text-right" data-testid={`outcome-${truck.bookingReference}`}>
                {outcome === 'applied' ? (
                  <Badge tone="green">{t('planner.changes.applied')}</Badge>
                ) : outcome === 'refused' ? (
                  <div className="space-y-1">
                    <Badge tone="red">{t('planner.changes.refused')}</Badge>
                    <p className="text-red-800">{serverText(truck.applied?.reason ?? undefined)}</p>
                  </div>
                ) : (
                  <span className="text-slate-600">{t('planner.changes.notApplied')}</span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
