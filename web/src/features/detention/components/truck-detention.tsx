// A truck's detention on its appointment (issue #57): its timeline (each event's time on the facility's
// clock and where it came from, a corrected one with its first time, who and why), the dwell and its
// parts, the free time, the detention (charged hours and rupees) or the late fee, the minutes by cause,
// and the evidence pack (CSV and PDF; once issued, its code and the public page that checks it). Staff
// who change appointments also record an event as it happens (documents done, with who was late with
// them) and correct a time with the reason; the server's refusal shows under its field. The carrier
// whose truck it is reads the same, without the forms.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Download } from 'lucide-react';
import { Figure } from './figure';
import { useForm, type Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';
import {
  DETENTION_CAUSES,
  DOCUMENTS_PARTIES,
  STAFF_EVENTS,
  TIMELINE_EVENTS,
  detentionCorrectionSchema,
  detentionEventSchema,
  type DocumentsParty,
  type StaffEvent,
  type TimelineEvent,
} from '@shared/contracts/detention';
import { PATHS } from '@shared/navigation';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useFormat } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { messageOf } from '../../../lib/api-client';
import { useServerText } from '../../../lib/server-text';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import {
  evidenceUrl,
  useCorrectDetentionEvent,
  useRecordDetentionEvent,
  useTruckDetention,
  type TruckDetentionView,
} from '../api/detention';
import { useDuration } from '../duration';
import { instantOfTyped, typedOfInstant } from '../facility-clock';

function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label} className="space-y-2">
      <h4 className="text-sm font-semibold text-slate-700">{label}</h4>
      {children}
    </section>
  );
}

function Figures({ view }: { view: TruckDetentionView }) {
  const { t } = useTranslation();
  const format = useFormat(view.timeZone);
  const duration = useDuration();
  const a = view.assessment;
  const minutes = (m: number | null) => (m === null ? t('detention.truck.figures.none') : duration(m));
  const arrival =
    a.arrival === 'early' || a.arrival === 'late'
      ? t(`detention.truck.arrival.${a.arrival}`, { minutes: Math.abs(a.lateByMinutes ?? 0) })
      : t(`detention.truck.arrival.${a.arrival}`);
  return (
    <Section label={t('detention.truck.figures.label')}>
      <dl className="text-sm" data-testid="detention-figures">
        <Figure label={t('detention.truck.figures.arrival')}>{arrival}</Figure>
        <Figure label={t('detention.truck.figures.dwell')} testId="detention-dwell">
          {minutes(a.dwellMinutes)}
        </Figure>
        <Figure label={t('detention.truck.figures.doorWait')}>{minutes(a.doorWaitMinutes)}</Figure>
        <Figure label={t('detention.truck.figures.atDoor')}>{minutes(a.atDoorMinutes)}</Figure>
        <Figure label={t('detention.truck.figures.freeTime')}>{duration(view.terms.freeMinutes)}</Figure>
        {a.arrival !== 'not_yet' && a.arrival !== 'no_show' && (
          <Figure label={t('detention.truck.figures.clockStarts')}>
            {a.clockStartsAt ? format.dateTime(a.clockStartsAt) : t('detention.truck.figures.noClock')}
          </Figure>
        )}
        {a.detentionStartsAt && (
          <Figure label={t('detention.truck.figures.detentionStarts')}>{format.dateTime(a.detentionStartsAt)}</Figure>
        )}
        <Figure label={t('detention.truck.figures.detention')} testId="detention-charged">
          {t('detention.truck.figures.detentionValue', {
            count: a.chargedHours,
            minutes: duration(a.detentionMinutes),
          })}
        </Figure>
        <Figure label={t('detention.truck.figures.owed')} testId="detention-owed">
          {format.rupees(a.detentionPaise)}
        </Figure>
        <Figure label={t('detention.truck.figures.lateFee')} testId="detention-late-fee">
          {format.rupees(a.lateFeePaise)}
        </Figure>
        {a.carrierMinutes > 0 && (
          <Figure label={t('detention.truck.figures.carrierMinutes')}>{duration(a.carrierMinutes)}</Figure>
        )}
      </dl>
      {view.documentsLateParty && (
        <p className="text-sm text-slate-700">{t(`detention.truck.documentsLate.${view.documentsLateParty}`)}</p>
      )}
    </Section>
  );
}

function Causes({ view }: { view: TruckDetentionView }) {
  const { t } = useTranslation();
  const duration = useDuration();
  const a = view.assessment;
  return (
    <Section label={t('detention.truck.causes.label')}>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" aria-label={t('detention.truck.causes.label')}>
          <thead className="text-left text-slate-500">
            <tr>
              <th className="py-1 pr-3">{t('detention.truck.causes.cause')}</th>
              <th className="pr-3">{t('detention.truck.causes.minutes')}</th>
              <th>{t('detention.truck.causes.detention')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {DETENTION_CAUSES.map((cause) => (
              <tr key={cause}>
                <td className="py-1 pr-3">{t(`detention.causes.${cause}`)}</td>
                <td className="pr-3">{duration(a.minutesByCause[cause])}</td>
                <td>{duration(a.detentionMinutesByCause[cause])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

function Timeline({ view }: { view: TruckDetentionView }) {
  const { t } = useTranslation();
  const format = useFormat(view.timeZone);
  return (
    <Section label={t('detention.truck.timeline.label')}>
      {!view.timeline.length ? (
        <p className="text-sm text-slate-500">{t('detention.truck.timeline.empty')}</p>
      ) : (
        <ol className="space-y-1 text-sm" aria-label={t('detention.truck.timeline.label')}>
          {view.timeline.map((e) => (
            <li key={e.event} data-testid="detention-event" className="rounded border border-slate-200 bg-white p-2">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-medium">{t(`detention.events.${e.event}`)}</span>
                <time dateTime={e.at}>{format.dateTime(e.at)}</time>
              </div>
              <div className="text-xs text-slate-600">{t(`detention.sources.${e.source}`)}</div>
              {e.correction && (
                <div className="text-xs text-slate-600">
                  {t('detention.truck.timeline.corrected', {
                    at: format.dateTime(e.correction.original.at),
                    source: t(`detention.sources.${e.correction.original.source}`),
                    by: e.correction.by,
                    reason: e.correction.reason,
                  })}
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

function Evidence({ view, onDownload }: { view: TruckDetentionView; onDownload: () => void }) {
  const { t } = useTranslation();
  const format = useFormat(view.timeZone);
  const { hash, issuedAt } = view.evidence;
  return (
    <Section label={t('detention.truck.evidence.label')}>
      <div className="flex flex-wrap gap-2">
        {(['csv', 'pdf'] as const).map((kind) => (
          <a
            key={kind}
            href={evidenceUrl(view.appointmentId, kind)}
            download
            onClick={onDownload}
            className={buttonClasses('secondary')}
          >
            <Download className="h-4 w-4" aria-hidden /> {t(`detention.truck.evidence.${kind}`)}
          </a>
        ))}
      </div>
      {hash ? (
        <div className="space-y-1 text-sm" data-testid="evidence-pack">
          <div className="text-slate-600">{t('detention.truck.evidence.code')}</div>
          <code className="block break-all rounded bg-slate-100 p-2 text-xs">{hash}</code>
          {issuedAt && (
            <div className="text-slate-600">
              {t('detention.truck.evidence.issued', { at: format.dateTime(issuedAt) })}
            </div>
          )}
          <Link to={`${PATHS.verify}/${hash}`} className="font-medium text-blue-700 underline">
            {t('detention.truck.evidence.verify')}
          </Link>
        </div>
      ) : (
        <p className="text-sm text-slate-500">{t('detention.truck.evidence.none')}</p>
      )}
    </Section>
  );
}

// ---- Staff's forms ------------------------------------------------------------------------------------

interface RecordValues {
  event: StaffEvent;
  lateParty: DocumentsParty | '';
  at: string;
}
type RecordOutput = z.output<typeof detentionEventSchema>;

function RecordEventForm({ view }: { view: TruckDetentionView }) {
  const { t } = useTranslation();
  const serverText = useServerText();
  const record = useRecordDetentionEvent(view.appointmentId);
  const checked = schemaResolver(detentionEventSchema);
  const resolver: Resolver<RecordValues, unknown, RecordOutput> = (values, context, options) =>
    checked(
      {
        event: values.event,
        ...(values.at.trim() && { at: instantOfTyped(values.at, view.timeZone) }),
        ...(values.event === 'documents_done' && { lateParty: values.lateParty || null }),
      },
      context,
      options as never,
    );
  const blank: RecordValues = { event: 'documents_done', lateParty: '', at: '' };
  const { register, handleSubmit, formState, setError, reset, watch } = useForm<RecordValues, unknown, RecordOutput>({
    resolver,
    defaultValues: blank,
  });
  const field = fieldBinder({ register, formState });
  const submit = handleSubmit((values) =>
    record.mutate(values, {
      onSuccess: () => reset(blank),
      onError: (error) => {
        if (!showServerFieldErrors(error, setError))
          setError('root', { type: 'server', message: serverText(messageOf(error, t('detention.truck.failed'))) });
      },
    }),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('detention.truck.record.title')}
      className="grid gap-2 rounded border border-slate-200 p-3 sm:grid-cols-3"
    >
      <h4 className="text-sm font-semibold text-slate-700 sm:col-span-3">{t('detention.truck.record.title')}</h4>
      <SelectField
        label={t('detention.truck.record.event')}
        options={STAFF_EVENTS.map((e) => ({ value: e, label: t(`detention.events.${e}`) }))}
        {...field('event')}
      />
      {watch('event') === 'documents_done' && (
        <SelectField
          label={t('detention.truck.record.lateParty')}
          options={[
            { value: '', label: t('detention.parties.none') },
            ...DOCUMENTS_PARTIES.map((p) => ({ value: p, label: t(`detention.parties.${p}`) })),
          ]}
          {...field('lateParty')}
        />
      )}
      <Field label={t('detention.truck.record.at')} type="datetime-local" {...field('at')} />
      {formState.errors.root && (
        <p role="alert" className="text-sm text-red-600 sm:col-span-3">
          {formState.errors.root.message}
        </p>
      )}
      <div className="sm:col-span-3">
        <Button type="submit" size="sm" disabled={record.isPending}>
          {record.isPending ? t('detention.truck.saving') : t('detention.truck.record.submit')}
        </Button>
      </div>
    </form>
  );
}

/** Every event but the FASTag crossing, which comes from FASTag and is not corrected. */
const CORRECTABLE = TIMELINE_EVENTS.filter((e) => e !== 'fastag_near_hub');

interface CorrectionValues {
  event: TimelineEvent;
  at: string;
  reason: string;
}
type CorrectionOutput = z.output<typeof detentionCorrectionSchema>;

function CorrectTimeForm({ view }: { view: TruckDetentionView }) {
  const { t } = useTranslation();
  const serverText = useServerText();
  const correct = useCorrectDetentionEvent(view.appointmentId);
  const checked = schemaResolver(detentionCorrectionSchema);
  const resolver: Resolver<CorrectionValues, unknown, CorrectionOutput> = (values, context, options) =>
    checked({ ...values, at: instantOfTyped(values.at, view.timeZone) }, context, options);
  // The time an event shows now, as the field's start (the gate-out first: the time most often corrected).
  const shownAt = (event: TimelineEvent) => {
    const entry = view.timeline.find((e) => e.event === event);
    return entry ? typedOfInstant(entry.at, view.timeZone) : '';
  };
  const blank = (): CorrectionValues => ({ event: 'gate_out', at: shownAt('gate_out'), reason: '' });
  const { register, handleSubmit, formState, setError, setValue, reset } = useForm<
    CorrectionValues,
    unknown,
    CorrectionOutput
  >({ resolver, defaultValues: blank() });
  const field = fieldBinder({ register, formState });
  const submit = handleSubmit((values) =>
    correct.mutate(values, {
      onSuccess: (changed) =>
        reset({ event: values.event, at: typedOfInstant(values.at, changed.timeZone), reason: '' }),
      onError: (error) => {
        if (!showServerFieldErrors(error, setError))
          setError('root', { type: 'server', message: serverText(messageOf(error, t('detention.truck.failed'))) });
      },
    }),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('detention.truck.correct.title')}
      className="grid gap-2 rounded border border-slate-200 p-3 sm:grid-cols-3"
    >
      <h4 className="text-sm font-semibold text-slate-700 sm:col-span-3">{t('detention.truck.correct.title')}</h4>
      <SelectField
        label={t('detention.truck.correct.event')}
        options={CORRECTABLE.map((e) => ({ value: e, label: t(`detention.events.${e}`) }))}
        {...field('event', {
          onChange: (e: { target: { value: string } }) => setValue('at', shownAt(e.target.value as TimelineEvent)),
        })}
      />
      <Field label={t('detention.truck.correct.at')} type="datetime-local" {...field('at')} />
      <Field label={t('detention.truck.correct.reason')} maxLength={300} {...field('reason')} />
      {formState.errors.root && (
        <p role="alert" className="text-sm text-red-600 sm:col-span-3">
          {formState.errors.root.message}
        </p>
      )}
      <div className="sm:col-span-3">
        <Button type="submit" size="sm" disabled={correct.isPending}>
          {correct.isPending ? t('detention.truck.saving') : t('detention.truck.correct.submit')}
        </Button>
      </div>
    </form>
  );
}

// ---- The truck ------------------------------------------------------------------------------------------

function DetentionView({ view, onDownload }: { view: TruckDetentionView; onDownload: () => void }) {
  const { t } = useTranslation();
  const { hasPermission } = useSession();
  // The server refuses anyone else the forms' calls; a carrier's people read the truck only.
  const canWrite = hasPermission('appointments:write');
  return (
    <section
      aria-label={t('detention.truck.title', { reference: view.bookingReference })}
      data-testid="truck-detention"
      className="space-y-4 rounded-md bg-slate-50 p-3"
    >
      <div>
        <h3 className="font-semibold">{t('detention.truck.title', { reference: view.bookingReference })}</h3>
        <p className="text-xs text-slate-600">
          {t('detention.truck.classAndClock', {
            vehicleClass: t(`detention.vehicleClasses.${view.vehicleClass}`),
            timeZone: view.timeZone,
          })}
        </p>
        {!view.evidence.final && (
          <p role="status" className="mt-1 text-sm text-amber-800">
            {t('detention.truck.notFinal')}
          </p>
        )}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Figures view={view} />
        <Timeline view={view} />
      </div>
      <Causes view={view} />
      <Evidence view={view} onDownload={onDownload} />
      {canWrite && (
        <div className="space-y-3">
          <RecordEventForm view={view} />
          <CorrectTimeForm key={view.appointmentId} view={view} />
        </div>
      )}
    </section>
  );
}

export function TruckDetention({ appointmentId }: { appointmentId: string }) {
  const { t } = useTranslation();
  // After a download, the view is read again until the code of the pack it issued shows.
  const [downloadedAt, setDownloadedAt] = useState<number | null>(null);
  const detention = useTruckDetention(appointmentId, downloadedAt);
  if (detention.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('detention.truck.loadFailed')}
      </p>
    );
  if (!detention.data) return <p className="text-sm text-slate-500">{t('detention.truck.loading')}</p>;
  return <DetentionView view={detention.data} onDownload={() => setDownloadedAt(Date.now())} />;
}
