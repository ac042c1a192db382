// The admin's security incidents (issue #36): record one (what, when found, which kinds of data, which
// days at which facility), see how many people the server counted, the Board's 72-hour deadline, the
// steps taken, and the notice to the people drafted in English and Hindi, ready to copy.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import {
  INCIDENT_DATA_KINDS,
  INCIDENT_STEPS,
  incidentSchema,
  type IncidentStep,
  type IncidentView,
} from '@shared/contracts/privacy-incidents';
import { Button } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { Field, TextAreaField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { registerCatalogue } from '../../../lib/i18n';
import { useFormat } from '../../../lib/format';
import { useServerText } from '../../../lib/server-text';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useFacilities } from '../../facilities';
import { INCIDENTS, useIncidents } from '../api/privacy';
import { privacyText } from '../i18n';

registerCatalogue(privacyText);

type IncidentFormInput = z.input<typeof incidentSchema>;
type IncidentFormOutput = z.output<typeof incidentSchema>;

export function IncidentsPanel() {
  const { t } = useTranslation();
  const incidents = useIncidents();
  const [recording, setRecording] = useState(false);
  return (
    <Card>
      <CardBody className="space-y-3">
        <section aria-labelledby="incidents" className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="incidents" className="font-semibold">
              {t('privacy.incidents.title')}
            </h2>
            {!recording && (
              <Button size="sm" variant="secondary" onClick={() => setRecording(true)}>
                {t('privacy.incidents.record')}
              </Button>
            )}
          </div>
          {recording && <IncidentForm onDone={() => setRecording(false)} />}
          {incidents.data?.length === 0 && <p className="text-sm text-slate-600">{t('privacy.incidents.none')}</p>}
          <ul className="space-y-2">
            {incidents.data?.map((i) => (
              <IncidentRow key={i.id} incident={i} />
            ))}
          </ul>
        </section>
      </CardBody>
    </Card>
  );
}

function IncidentForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const serverText = useServerText();
  const facilities = useFacilities();
  const record = useApiMutation<IncidentFormOutput, IncidentView>({
    url: () => INCIDENTS,
    invalidates: () => [[INCIDENTS]],
    failure: t('privacy.incidents.recordFailed'),
    success: t('privacy.incidents.recorded'),
  });
  const { register, handleSubmit, formState, setError } = useForm<IncidentFormInput, unknown, IncidentFormOutput>({
    resolver: schemaResolver(incidentSchema),
    defaultValues: { dataKinds: [] },
  });
  const field = fieldBinder({ register, formState });
  const kindsError = serverText(formState.errors.dataKinds?.message);
  return (
    <form
      noValidate
      aria-label={t('privacy.incidents.record')}
      className="space-y-2 rounded-md border border-slate-200 p-3"
      onSubmit={handleSubmit((values) =>
        record.mutate(values, {
          onSuccess: onDone,
          onError: (error) => showServerFieldErrors(error, setError),
        }),
      )}
    >
      <Field label={t('privacy.incidents.fields.title')} {...field('title')} />
      <TextAreaField label={t('privacy.incidents.fields.description')} {...field('description')} />
      <Field
        type="datetime-local"
        label={t('privacy.incidents.fields.discoveredAt')}
        {...field('discoveredAt', { setValueAs: (v: string) => (v ? new Date(v).toISOString() : v) })}
      />
      <fieldset aria-describedby={kindsError ? 'incident-kinds-error' : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('privacy.incidents.fields.dataKinds')}</legend>
        <div className="flex flex-wrap gap-3">
          {INCIDENT_DATA_KINDS.map((kind) => (
            <label key={kind} className="flex items-center gap-1 text-sm">
              <input type="checkbox" value={kind} {...register('dataKinds')} />
              {t(`privacy.incidents.kinds.${kind}`)}
            </label>
          ))}
        </div>
        {kindsError && (
          <p id="incident-kinds-error" role="alert" className="mt-1 text-sm text-red-600">
            {kindsError}
          </p>
        )}
      </fieldset>
      <div className="grid gap-2 sm:grid-cols-2">
        <Field type="date" label={t('privacy.incidents.fields.affectedFrom')} {...field('affectedFrom')} />
        <Field type="date" label={t('privacy.incidents.fields.affectedTo')} {...field('affectedTo')} />
      </div>
      <SelectField
        label={t('privacy.incidents.fields.facility')}
        placeholder={t('privacy.incidents.allFacilities')}
        options={(facilities.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
        {...field('facilityId', { setValueAs: (v: string) => v || null })}
      />
      <TextAreaField label={t('privacy.incidents.fields.measures')} {...field('measures')} />
      <Field label={t('privacy.incidents.fields.contact')} {...field('contact')} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={record.isPending}>
          {t('privacy.incidents.save')}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onDone}>
          {t('privacy.incidents.cancel')}
        </Button>
      </div>
    </form>
  );
}

const STEP_FIELD = {
  board_notified: 'boardNotifiedAt',
  people_notified: 'peopleNotifiedAt',
  closed: 'closedAt',
} as const;

function IncidentRow({ incident }: { incident: IncidentView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const mark = useApiMutation<{ step: IncidentStep; revision: number }>({
    url: () => `${INCIDENTS}/${incident.id}/steps`,
    invalidates: () => [[INCIDENTS]],
    failure: t('privacy.incidents.stepFailed'),
    success: t('privacy.incidents.stepSaved'),
  });
  return (
    <li className="space-y-1 rounded-md border border-slate-200 p-2 text-sm" data-testid="incident-row">
      <div className="flex flex-wrap justify-between gap-2">
        <span className="font-semibold">{incident.title}</span>
        <span>
          {t('privacy.incidents.affected', {
            people: incident.affectedPeople,
            appointments: incident.affectedAppointments,
          })}
        </span>
      </div>
      <div className={incident.boardReportOverdue ? 'font-semibold text-red-700' : 'text-slate-600'}>
        {t('privacy.incidents.boardDue')}: {format.dateTime(incident.boardReportDueAt)}
      </div>
      <ul className="flex flex-wrap gap-2">
        {INCIDENT_STEPS.map((step) => {
          const at = incident[STEP_FIELD[step]];
          return (
            <li key={step}>
              {at ? (
                <span className="text-emerald-800">
                  {t(`privacy.incidents.steps.${step}`)}: {format.dateTime(at)}
                </span>
              ) : (
                !incident.closedAt && (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={mark.isPending}
                    onClick={() => mark.mutate({ step, revision: incident.revision })}
                  >
                    {t(`privacy.incidents.steps.${step}`)}
                  </Button>
                )
              )}
            </li>
          );
        })}
      </ul>
      <details>
        <summary className="cursor-pointer">{t('privacy.incidents.noticeEn')}</summary>
        <pre className="whitespace-pre-wrap rounded bg-slate-50 p-2 font-sans" lang="en">
          {incident.notice.en}
        </pre>
      </details>
      <details>
        <summary className="cursor-pointer">{t('privacy.incidents.noticeHi')}</summary>
        <pre className="whitespace-pre-wrap rounded bg-slate-50 p-2 font-sans" lang="hi">
          {incident.notice.hi}
        </pre>
      </details>
    </li>
  );
}
