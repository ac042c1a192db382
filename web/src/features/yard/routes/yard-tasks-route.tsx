// /yard/tasks (issue #58.4): yard staff's moves on a phone. Each trailer the door plan wants moved (spot
// -> door, door -> spot) with its from and to, Start when the jockey picks it up and Done when it is in
// place; the live yard follows. The facility is the yard view's own (its overview names it).
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PATHS } from '@shared/navigation';
import { registerCatalogue } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useSession } from '../../../lib/session';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { useYard } from '../api/yard';
import { useYardSettings, useYardTasks, useYardTaskStep, type YardTask } from '../api/yard-tasks';
import { yardText } from '../i18n';

registerCatalogue(yardText);

const STATE_TONE: Record<YardTask['state'], BadgeTone> = {
  open: 'yellow',
  started: 'blue',
  done: 'green',
  cancelled: 'gray',
};

function TaskCard({ task, facilityId, canMove }: { task: YardTask; facilityId: string; canMove: boolean }) {
  const { t } = useTranslation();
  const start = useYardTaskStep(facilityId, 'start');
  const finish = useYardTaskStep(facilityId, 'finish');
  const spot = task.spotNumber ?? t('yard.tasks.anySpot');
  const door = t('yard.tasks.door', { number: task.doorNumber });
  const [from, to] = task.kind === 'to_door' ? [spot, door] : [door, spot];
  const busy = start.isPending || finish.isPending;
  return (
    <li aria-label={`${task.assetId} ${from} → ${to}`} className="rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex items-center justify-between gap-2">
        <span className="text-lg font-bold">{task.assetId}</span>
        <Badge tone={STATE_TONE[task.state]}>{t(`yard.tasks.states.${task.state}`)}</Badge>
      </div>
      <p className="text-xs text-slate-500">{t(`yard.tasks.kinds.${task.kind}`)}</p>
      <dl className="mt-2 flex items-center gap-2 text-base">
        <div>
          <dt className="text-xs text-slate-500">{t('yard.tasks.from')}</dt>
          <dd className="font-semibold">{from}</dd>
        </div>
        <ArrowRight className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
        <div>
          <dt className="text-xs text-slate-500">{t('yard.tasks.to')}</dt>
          <dd className="font-semibold">{to}</dd>
        </div>
      </dl>
      {canMove && task.state === 'open' && (
        <Button className="mt-3 w-full py-3" disabled={busy} onClick={() => start.mutate(task)}>
          {t('yard.tasks.start')}
        </Button>
      )}
      {canMove && task.state === 'started' && (
        <Button className="mt-3 w-full py-3" disabled={busy} onClick={() => finish.mutate(task)}>
          {t('yard.tasks.finish')}
        </Button>
      )}
    </li>
  );
}

function DropTrailersSetting({ facilityId, on }: { facilityId: string; on: boolean }) {
  const { t } = useTranslation();
  const save = useYardSettings(facilityId);
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={on}
        disabled={save.isPending}
        onChange={(e) => save.mutate({ dropTrailers: e.target.checked })}
      />
      {t('yard.tasks.dropTrailers')}
    </label>
  );
}

export function YardTasksRoute() {
  const { t } = useTranslation();
  const { hasPermission } = useSession();
  const yard = useYard();
  const facilityId = yard.data?.facilityId;
  const list = useYardTasks(facilityId);
  const tasks = list.data?.tasks ?? [];
  const active = tasks.filter((task) => task.state === 'open' || task.state === 'started');
  const closed = tasks.filter((task) => task.state === 'done' || task.state === 'cancelled');
  const canMove = hasPermission('yard:write');
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <div>
        <h1 className="text-2xl font-bold">{t('yard.tasks.title')}</h1>
        <p className="text-sm text-slate-600">
          {yard.data ? `${yard.data.facilityName} · ` : ''}
          {t('yard.tasks.subtitle')}
        </p>
        <Link to={PATHS.yard} className="text-sm text-blue-700 underline">
          {t('yard.tasks.toYard')}
        </Link>
      </div>
      {!facilityId || !list.data ? (
        <p className="text-sm text-slate-500">
          {yard.isError || list.isError ? t('yard.tasks.loadFailed') : t('common.loading')}
        </p>
      ) : (
        <>
          {hasPermission('settings:configure') && (
            <DropTrailersSetting facilityId={facilityId} on={list.data.dropTrailers} />
          )}
          {!active.length ? (
            <Card>
              <CardBody>
                <p className="text-sm text-slate-600">
                  {list.data.dropTrailers ? t('yard.tasks.empty') : t('yard.tasks.notDropping')}
                </p>
              </CardBody>
            </Card>
          ) : (
            <ul aria-label={t('yard.tasks.listLabel')} className="space-y-3">
              {active.map((task) => (
                <TaskCard key={task.id} task={task} facilityId={facilityId} canMove={canMove} />
              ))}
            </ul>
          )}
          {closed.length > 0 && (
            <section aria-label={t('yard.tasks.recent')}>
              <h2 className="mb-2 text-sm font-semibold text-slate-700">{t('yard.tasks.recent')}</h2>
              <ul className="space-y-2">
                {closed.map((task) => (
                  <TaskCard key={task.id} task={task} facilityId={facilityId} canMove={false} />
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
