// The holding queue of a facility (issue #58.3), on the gate screen and the dashboard: the facility's
// holding area, the drivers called forward (their door and the time to reach it by), the trucks waiting
// by position with how long they have waited, and the no-shows; and, for those who configure the
// facility, the holding area's name, place and call forward.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { HOLDING_AREA_KINDS, holdingAreaSchema, type HoldingQueueEntry } from '@shared/contracts/holding';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useFormat } from '../../../lib/format';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { holdingAreaQuery, saveHoldingArea, useHoldingQueue } from '../api/holding';

function EntryLine({ entry, time }: { entry: HoldingQueueEntry; time: (iso: string) => string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const truck = [entry.vehicleLicense, entry.driverName, entry.carrierName].filter(Boolean).join(' · ');
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-2" data-testid="holding-entry">
      <div className="min-w-0">
        <p className="font-medium">
          {entry.state === 'called' ? (
            <Badge tone="blue">{t('holding.called')}</Badge>
          ) : entry.state === 'no_show' ? (
            <Badge tone="red">{t('holding.noShow')}</Badge>
          ) : entry.position !== null ? (
            <Badge>{t('holding.position', { position: entry.position })}</Badge>
          ) : null}{' '}
          {truck}
        </p>
        <p className="text-xs text-slate-600">
          {t('holding.waiting', {
            since: time(entry.waitingSince),
            minutes: format.number(entry.waitingMinutes),
          })}
          {entry.heldAtGate && <> · {t('holding.heldAtGate')}</>}
          {entry.missedCalls > 0 && <> · {t('holding.missedCalls', { count: entry.missedCalls })}</>}
        </p>
        {entry.state === 'called' && entry.calledAt && entry.deadline && (
          <p className="text-sm font-semibold text-blue-800">
            {t('holding.calledTo', {
              door: entry.doorNumber ?? '—',
              at: time(entry.calledAt),
              deadline: time(entry.deadline),
            })}
          </p>
        )}
      </div>
    </li>
  );
}

function AreaForm({ facilityId, onDone }: { facilityId: string | null | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const area = useQuery(holdingAreaQuery(facilityId));
  const save = useApiMutation<z.output<typeof holdingAreaSchema>>({
    url: () => '',
    run: (body) => saveHoldingArea(facilityId, body),
    invalidates: () => [['/api/holding/area'], ['/api/holding/queue']],
    failure: t('holding.saveFailed'),
    success: t('holding.saved'),
  });
  const { register, handleSubmit, formState, setError } = useForm<
    z.input<typeof holdingAreaSchema>,
    unknown,
    z.output<typeof holdingAreaSchema>
  >({
    resolver: schemaResolver(holdingAreaSchema),
    values: area.data && {
      name: area.data.configured ? area.data.name : t('holding.defaultName'),
      kind: area.data.kind,
      callForward: area.data.callForward,
      revision: area.data.revision,
    },
  });
  const field = fieldBinder({ register, formState });
  if (!area.data) return null;
  return (
    <form
      noValidate
      className="space-y-3 rounded-md border border-slate-200 p-3"
      aria-label={t('holding.settings')}
      onSubmit={handleSubmit((body) =>
        save.mutate(body, { onSuccess: onDone, onError: (error) => showServerFieldErrors(error, setError) }),
      )}
    >
      <Field label={t('holding.name')} {...field('name')} />
      <SelectField
        label={t('holding.kind')}
        options={HOLDING_AREA_KINDS.map((kind) => ({ value: kind, label: t(`holding.kinds.${kind}`) }))}
        {...field('kind')}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4" {...register('callForward')} />
        {t('holding.callForward')}
      </label>
      <p className="text-xs text-slate-600">{t('holding.callForwardHint')}</p>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {t('holding.save')}
        </Button>
      </div>
    </form>
  );
}

export function HoldingQueueCard({
  facilityId,
  canConfigure = false,
}: {
  facilityId?: string | null;
  canConfigure?: boolean;
}) {
  const { t } = useTranslation();
  const queue = useHoldingQueue(facilityId);
  const format = useFormat(queue.data?.timeZone);
  const [editing, setEditing] = useState(false);
  const area = queue.data?.area;
  const areaName = area ? (area.configured ? area.name : t('holding.defaultName')) : '';
  return (
    <Card>
      <CardHeader
        title={<span>{t('holding.title')}</span>}
        description={
          area &&
          [
            areaName,
            t(`holding.kinds.${area.kind}`),
            area.callForward
              ? t('holding.callForwardOn', { minutes: queue.data!.deadlineMinutes })
              : t('holding.callForwardOff'),
          ].join(' · ')
        }
        action={
          canConfigure && !editing ? (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {t('holding.settings')}
            </Button>
          ) : undefined
        }
      />
      <CardBody className="space-y-3">
        {editing && <AreaForm facilityId={facilityId} onDone={() => setEditing(false)} />}
        {queue.isError ? (
          <p className="text-sm text-red-600">{t('holding.loadFailed')}</p>
        ) : !queue.data ? (
          <p className="text-sm text-slate-500">{t('common.loading')}</p>
        ) : !queue.data.entries.length ? (
          <p className="text-sm text-slate-500">{t('holding.empty')}</p>
        ) : (
          <ol className="divide-y divide-slate-100 text-sm" aria-label={t('holding.listLabel', { area: areaName })}>
            {queue.data.entries.map((entry) => (
              <EntryLine key={entry.checkinId} entry={entry} time={format.time} />
            ))}
          </ol>
        )}
      </CardBody>
    </Card>
  );
}
