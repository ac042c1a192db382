// /door-plan (issue #58.2): for a facility and a day, the planner's proposed plan beside today's. On a
// desktop a door-by-time board (today's plan or the proposal, the trucks it moves highlighted) above the
// changes; on a phone the changes as a list. Staff who move trucks ask for a plan, accept all of it or
// tick some, and see each truck's outcome; a plan still solving is waited on (polled). Those who configure
// the facility turn automatic re-planning on or off, and set its crews, equipment and each type's needs.
import { useState } from 'react';
import { Loader2 } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useSession } from '../../../lib/session';
import { useServerText } from '../../../lib/server-text';
import { formatTime, localeOf } from '../../../lib/format';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { todayAt, useDockDoors, useFacilities, useHomeFacility } from '../../facilities';
import type { PlanProposal } from '@shared/contracts/planner';
import { DEFAULT_TIME_ZONE } from '@shared/time';
import { useLatestProposal, usePlannerSettings, useRequestProposal, useSavePlannerSettings } from '../api/planner';
import { DoorBoard } from '../components/door-board';
import { ChangesList } from '../components/changes-list';
import { ResourcesCard } from '../components/resources-card';

export function PlannerRoute() {
  const { t } = useTranslation();
  const { hasPermission } = useSession();
  const facilities = useFacilities().data ?? [];
  const home = useHomeFacility();
  const [chosenFacility, setFacility] = useState<string | null>(null);
  const facility = facilities.find((f) => f.id === chosenFacility) ?? home;
  const [chosenDate, setDate] = useState<string | null>(null);
  const date = chosenDate ?? todayAt(facility);
  const facilityId = facility?.id ?? null;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">{t('planner.title')}</h1>
        <p className="text-sm text-slate-600">{t('planner.subtitle')}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_minmax(0,12rem)_auto] sm:items-end">
        <SelectField
          label={t('planner.facility')}
          value={facilityId ?? ''}
          onChange={(e) => setFacility(e.target.value)}
          options={facilities.map((f) => ({ value: f.id, label: f.name }))}
        />
        <Field
          label={t('planner.date')}
          type="date"
          value={date}
          min={todayAt(facility)}
          onChange={(e) => e.target.value && setDate(e.target.value)}
        />
        {facilityId && hasPermission('appointments:write') && <ProposeButton facilityId={facilityId} date={date} />}
      </div>
      {facilityId && (
        <PlanOfDay
          key={`${facilityId}-${date}`}
          facilityId={facilityId}
          date={date}
          timeZone={facility?.timeZone ?? DEFAULT_TIME_ZONE}
        />
      )}
      {facilityId && <AutoReplanCard facilityId={facilityId} canConfigure={hasPermission('settings:configure')} />}
      {facilityId && hasPermission('settings:configure') && <ResourcesCard facilityId={facilityId} />}
    </div>
  );
}

function ProposeButton({ facilityId, date }: { facilityId: string; date: string }) {
  const { t } = useTranslation();
  const request = useRequestProposal(facilityId, date);
  return (
    <Button className="sm:justify-self-start" disabled={request.isPending} onClick={() => request.mutate()}>
      {request.isPending ? t('planner.proposing') : t('planner.propose')}
    </Button>
  );
}

function PlanOfDay({ facilityId, date, timeZone }: { facilityId: string; date: string; timeZone: string }) {
  const { t } = useTranslation();
  const serverText = useServerText();
  const latest = useLatestProposal(facilityId, date);
  const proposal = latest.data?.proposal;
  if (latest.isPending) return <p className="text-sm text-slate-600">{t('planner.loading')}</p>;
  if (latest.isError) return <p role="alert">{t('planner.loadFailed')}</p>;
  if (!proposal)
    return (
      <Card>
        <CardBody>
          <p className="text-sm text-slate-600">{t('planner.none')}</p>
        </CardBody>
      </Card>
    );
  if (proposal.status === 'solving')
    return (
      <Card>
        <CardBody>
          <p role="status" className="flex items-center gap-2 text-sm" data-testid="plan-solving">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            {t('planner.solving')}
          </p>
        </CardBody>
      </Card>
    );
  if (proposal.status === 'failed')
    return (
      <Card>
        <CardBody>
          <p role="alert" className="text-sm text-red-800">
            <strong>{t('planner.failed')}: </strong>
            {serverText(proposal.message ?? undefined)}
          </p>
        </CardBody>
      </Card>
    );
  return <ReadyPlan proposal={proposal} timeZone={timeZone} />;
}

/** A solved plan; its times are on the facility's clock (`timeZone`), as the plan's own are. */
function ReadyPlan({ proposal, timeZone }: { proposal: PlanProposal; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const { hasPermission } = useSession();
  const doors = useDockDoors(proposal.facilityId).data ?? [];
  const [shown, setShown] = useState<'proposed' | 'current'>('proposed');
  const solver = proposal.solver;
  const figures = [
    { label: t('planner.summary.changes'), value: String(proposal.changes ?? 0), id: 'changes' },
    {
      label: t('planner.summary.wait'),
      value: t('planner.summary.waitValue', { minutes: proposal.totalWaitMinutes ?? 0 }),
      id: 'wait',
    },
    ...(solver
      ? [
          {
            label: t('planner.summary.solver'),
            value: `${t(`planner.solverStatus.${solver.status}`)}${solver.gap > 0 ? ` · ${t('planner.summary.gap', { gap: (solver.gap * 100).toFixed(1) })}` : ''}`,
            id: 'solver',
          },
        ]
      : []),
  ];
  const trigger = proposal.trigger;
  return (
    <>
      <Card>
        <CardHeader
          title={t('planner.summary.title')}
          description={
            proposal.solvedAt
              ? t('planner.summary.made', { time: formatTime(proposal.createdAt, localeOf(i18n.language), timeZone) })
              : undefined
          }
        />
        <CardBody className="space-y-3">
          {trigger && (
            <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950" data-testid="plan-trigger">
              {t(`planner.trigger.${trigger.cause}`, {
                truck: trigger.bookingReference ?? trigger.appointmentId,
                time: trigger.at ?? '—',
              })}{' '}
              {t('planner.trigger.applied')}
            </p>
          )}
          <dl className="grid gap-3 sm:grid-cols-3">
            {figures.map((f) => (
              <div key={f.id}>
                <dt className="text-sm text-slate-600">{f.label}</dt>
                <dd className="text-xl font-bold" data-testid={`plan-${f.id}`}>
                  {f.value}
                </dd>
              </div>
            ))}
          </dl>
        </CardBody>
      </Card>
      <Card className="hidden md:block">
        <CardHeader
          title={t('planner.board.title')}
          action={
            <div role="group" aria-label={t('planner.view.label')} className="flex gap-1">
              {(['proposed', 'current'] as const).map((view) => (
                <Button
                  key={view}
                  size="sm"
                  variant={shown === view ? 'primary' : 'secondary'}
                  aria-pressed={shown === view}
                  onClick={() => setShown(view)}
                >
                  {t(`planner.view.${view}`)}
                </Button>
              ))}
            </div>
          }
        />
        <CardBody>
          <DoorBoard
            doors={[...doors].sort((a, b) => a.doorNumber.localeCompare(b.doorNumber, 'en', { numeric: true }))}
            trucks={proposal.trucks}
            shown={shown}
          />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title={t('planner.changes.title')} />
        <CardBody>
          <ChangesList proposal={proposal} canApply={hasPermission('appointments:write')} />
        </CardBody>
      </Card>
    </>
  );
}

function AutoReplanCard({ facilityId, canConfigure }: { facilityId: string; canConfigure: boolean }) {
  const { t } = useTranslation();
  const settings = usePlannerSettings(facilityId);
  const save = useSavePlannerSettings(facilityId);
  const view = settings.data;
  return (
    <Card>
      <CardHeader title={t('planner.settings.title')} description={t('planner.settings.description')} />
      <CardBody>
        {!view ? (
          <p className="text-sm text-slate-600">{t('planner.loading')}</p>
        ) : canConfigure ? (
          <label className="flex items-center gap-3 text-sm font-medium">
            <input
              type="checkbox"
              className="h-5 w-5"
              checked={view.autoReplan}
              disabled={save.isPending}
              onChange={(e) => save.mutate({ autoReplan: e.target.checked, revision: view.revision })}
            />
            {t('planner.settings.toggle')}
          </label>
        ) : (
          <p className="text-sm" data-testid="auto-replan-state">
            {t('planner.settings.toggle')}: {view.autoReplan ? t('planner.settings.on') : t('planner.settings.off')}
          </p>
        )}
      </CardBody>
    </Card>
  );
}
