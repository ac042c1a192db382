// The booker's "manage my booking" on the pass page (issue #32): change the time to another open slot,
// or cancel with a reason. The server applies the facility's rules (the change cut-off, the lead time)
// and its refusal shows under its field, or above the buttons, in the reader's language.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import {
  passCancelSchema,
  passRescheduleSchema,
  type PassCancelInput,
  type PassRescheduleInput,
} from '@shared/contracts/gate-pass';
import { PATHS } from '@shared/navigation';
import { Button } from '../../../components/ui/button';
import { Field, TextAreaField } from '../../../components/ui/field';
import { messageOf } from '../../../lib/api-client';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useServerText } from '../../../lib/server-text';
import { useCancelPass, usePassSlots, useReschedulePass } from '../api/manage-booking';

type Panel = 'none' | 'reschedule' | 'cancel';

function FormRefusal({ message }: { message: string | undefined }) {
  const serverText = useServerText();
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-semibold text-red-900">
      {serverText(message)}
    </p>
  );
}

function RescheduleForm({ link, date }: { link: string; date: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const serverText = useServerText();
  const form = useForm<PassRescheduleInput, unknown, PassRescheduleInput>({
    resolver: schemaResolver(passRescheduleSchema),
    defaultValues: { newDate: date, newTimeStart: '' },
  });
  const field = fieldBinder(form);
  const chosenDate = form.watch('newDate');
  const slots = usePassSlots(link, chosenDate);
  const reschedule = useReschedulePass(link);
  const [requested, setRequested] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await reschedule.mutateAsync(values);
      if (result.outcome === 'moved') void navigate(`${PATHS.pass}/${result.passLink}`, { replace: true });
      else setRequested(true);
    } catch (error) {
      if (!showServerFieldErrors(error, form.setError))
        form.setError('root', { type: 'server', message: messageOf(error, t('passPage.manage.failed')) });
    }
  });
  if (requested) return <p role="status">{t('passPage.manage.requested')}</p>;
  const slotError = form.formState.errors.newTimeStart?.message;
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-label={t('passPage.manage.changeTime')}>
      <Field label={t('passPage.manage.newDate')} type="date" {...field('newDate')} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t('passPage.manage.newSlot')}</legend>
        {slots.isLoading && <p className="text-sm">{t('passPage.manage.loadingSlots')}</p>}
        {slots.isError && <FormRefusal message={messageOf(slots.error, t('passPage.manage.failed'))} />}
        {slots.data?.length === 0 && <p className="text-sm">{t('passPage.manage.noSlots')}</p>}
        <div className="mt-1 grid grid-cols-3 gap-2">
          {slots.data?.map((slot) => (
            <label
              key={slot.startTime}
              className="flex items-center gap-1 rounded-md border border-slate-300 bg-white p-2 text-sm"
            >
              <input type="radio" value={slot.startTime} {...form.register('newTimeStart')} />
              {slot.startTime}–{slot.endTime}
            </label>
          ))}
        </div>
        {slotError && (
          <p role="alert" className="mt-1 text-sm text-red-600">
            {serverText(slotError)}
          </p>
        )}
      </fieldset>
      <FormRefusal message={form.formState.errors.root?.message} />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {t('passPage.manage.confirmChange')}
      </Button>
    </form>
  );
}

function CancelForm({ link, onCancelled }: { link: string; onCancelled: () => void }) {
  const { t } = useTranslation();
  const form = useForm<PassCancelInput, unknown, PassCancelInput>({
    resolver: schemaResolver(passCancelSchema),
    defaultValues: { reason: '' },
  });
  const field = fieldBinder(form);
  const cancel = useCancelPass(link);
  const submit = form.handleSubmit(async (values) => {
    try {
      await cancel.mutateAsync(values);
      onCancelled();
    } catch (error) {
      if (!showServerFieldErrors(error, form.setError))
        form.setError('root', { type: 'server', message: messageOf(error, t('passPage.manage.failed')) });
    }
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-label={t('passPage.manage.cancel')}>
      <TextAreaField label={t('passPage.manage.reason')} {...field('reason')} />
      <FormRefusal message={form.formState.errors.root?.message} />
      <Button type="submit" variant="danger" disabled={form.formState.isSubmitting}>
        {t('passPage.manage.confirmCancel')}
      </Button>
    </form>
  );
}

/** The booking's changes, offered while it is scheduled (the pass page shows no pass otherwise). */
export function ManageBooking({ link, date, onCancelled }: { link: string; date: string; onCancelled: () => void }) {
  const { t } = useTranslation();
  const [panel, setPanel] = useState<Panel>('none');
  return (
    <section
      className="space-y-3 rounded-lg border border-slate-300 bg-white p-4"
      aria-label={t('passPage.manage.title')}
    >
      <h2 className="text-lg font-semibold">{t('passPage.manage.title')}</h2>
      <div className="flex flex-wrap gap-2">
        <Button variant={panel === 'reschedule' ? 'primary' : 'secondary'} onClick={() => setPanel('reschedule')}>
          {t('passPage.manage.changeTime')}
        </Button>
        <Button variant={panel === 'cancel' ? 'danger' : 'secondary'} onClick={() => setPanel('cancel')}>
          {t('passPage.manage.cancel')}
        </Button>
      </div>
      {panel === 'reschedule' && <RescheduleForm link={link} date={date} />}
      {panel === 'cancel' && <CancelForm link={link} onCancelled={onCancelled} />}
    </section>
  );
}
