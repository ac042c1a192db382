// A facility's bin code pattern (issue #29): how its ranges spell codes, and — once saved — what
// single bins' codes must follow. An example code follows the typing; the save is at the revision
// the form loaded (a pattern changed meanwhile is refused, and the form shows the current one).
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { binCodeOf, binCodePatternSchema, wmsFacilitySettingsSchema } from '@shared/contracts/wms-bins';
import { Button } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { ClosingHeader } from './entity-form';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useFacilitySettings, useSaveFacilitySettings } from '../api/wms';

type FormInput = z.input<typeof wmsFacilitySettingsSchema>;
type FormOutput = z.output<typeof wmsFacilitySettingsSchema>;

export function BinPatternForm({ facility, onClose }: { facility: { id: string; name: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useFacilitySettings(facility.id);
  const save = useSaveFacilitySettings();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: schemaResolver(wmsFacilitySettingsSchema),
    defaultValues: { binCodePattern: '', revision: 0 },
  });
  const field = fieldBinder(form);
  const loaded = settings.data;
  useEffect(() => {
    if (loaded && !form.formState.isDirty)
      form.reset({ binCodePattern: loaded.binCodePattern, revision: loaded.revision });
  }, [loaded, form]);
  const typed = useWatch({ control: form.control, name: 'binCodePattern' });
  const valid = binCodePatternSchema.safeParse(typed);
  const example = valid.success ? binCodeOf(valid.data, { aisle: 'B', rack: 7, level: 2 }) : null;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...values, facilityId: facility.id });
      onClose();
    } catch (error) {
      if (showServerFieldErrors(error, form.setError) || !(error instanceof ApiError && error.status === 409)) return;
      // Changed by someone else meanwhile: what was typed stays; theirs is named, and Save again replaces it.
      const current = (await settings.refetch()).data;
      if (!current) return;
      form.setValue('revision', current.revision);
      form.setError('binCodePattern', {
        type: 'server',
        message: t('wms.pattern.changed', { pattern: current.binCodePattern }),
      });
    }
  });

  return (
    <Card>
      <ClosingHeader title={t('wms.pattern.title', { name: facility.name })} onClose={onClose} />
      <CardBody className="space-y-3">
        <p className="text-sm text-slate-600">{t('wms.pattern.hint')}</p>
        {loaded && !loaded.saved && <p className="text-sm text-slate-600">{t('wms.pattern.notSaved')}</p>}
        <form noValidate onSubmit={onSubmit} className="space-y-3">
          <Field
            label={`${t('wms.pattern.label')} *`}
            autoComplete="off"
            spellCheck={false}
            hint={example ? t('wms.pattern.example', { code: example }) : undefined}
            {...field('binCodePattern')}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t('wms.list.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending || !loaded}>
              {save.isPending ? t('wms.list.saving') : t('wms.list.save')}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
