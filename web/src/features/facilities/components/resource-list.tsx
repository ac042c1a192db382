// Labour in-charges or handling equipment of a facility, with a quick add form the kind's shared
// schema validates.
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { equipmentInputSchema, laborInchargeInputSchema } from '@shared/contracts/facilities';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useAddResource, useResources } from '../api/configuration';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';

type Kind = 'labor-incharges' | 'equipment';

function EquipmentForm({ facilityId }: { facilityId: string }) {
  const { t } = useTranslation();
  const add = useAddResource(facilityId, 'equipment');
  const { register, handleSubmit, reset, setError, formState } = useForm<
    z.input<typeof equipmentInputSchema>,
    unknown,
    z.output<typeof equipmentInputSchema>
  >({
    resolver: schemaResolver(equipmentInputSchema),
    defaultValues: { name: '', type: '' },
  });
  const field = fieldBinder({ register, formState });
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      noValidate
      onSubmit={handleSubmit((v) =>
        add.mutate(
          { name: v.name, type: v.type },
          { onSuccess: () => reset(), onError: (error) => showServerFieldErrors(error, setError) },
        ),
      )}
    >
      <Field label={t('facilities.configuration.equipmentName')} {...field('name')} />
      <Field label={t('facilities.configuration.type')} {...field('type')} />
      <Button type="submit" disabled={add.isPending}>
        {t('facilities.configuration.add')}
      </Button>
    </form>
  );
}

function LaborInchargeForm({ facilityId }: { facilityId: string }) {
  const { t } = useTranslation();
  const add = useAddResource(facilityId, 'labor-incharges');
  const { register, handleSubmit, reset, setError, formState } = useForm<
    z.input<typeof laborInchargeInputSchema>,
    unknown,
    z.output<typeof laborInchargeInputSchema>
  >({
    resolver: schemaResolver(laborInchargeInputSchema),
    defaultValues: { name: '', specialization: '' },
  });
  const field = fieldBinder({ register, formState });
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      noValidate
      onSubmit={handleSubmit((v) =>
        add.mutate(
          { name: v.name, specialization: v.specialization ?? '' },
          { onSuccess: () => reset(), onError: (error) => showServerFieldErrors(error, setError) },
        ),
      )}
    >
      <Field label={t('facilities.configuration.labourName')} {...field('name')} />
      <Field label={t('facilities.configuration.specialization')} {...field('specialization')} />
      <Button type="submit" disabled={add.isPending}>
        {t('facilities.configuration.add')}
      </Button>
    </form>
  );
}

export function ResourceList({ facilityId, kind }: { facilityId: string; kind: Kind }) {
  const { t } = useTranslation();
  const resources = useResources(facilityId, kind);
  const isEquipment = kind === 'equipment';
  return (
    <div className="space-y-3">
      {isEquipment ? <EquipmentForm facilityId={facilityId} /> : <LaborInchargeForm facilityId={facilityId} />}
      {!resources.data?.length ? (
        <p className="text-sm text-slate-500">{t('facilities.configuration.noneYet')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {resources.data.map((r) => (
            <li key={r.id} className="py-2">
              <span className="font-medium">{r.name}</span>
              <span className="text-slate-500">
                {' '}
                — {isEquipment ? [r.type, r.capacity].filter(Boolean).join(', ') : (r.specialization ?? '')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
