// Labour in-charges or handling equipment of a facility, with a quick add form the kind's shared
// schema validates.
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod';
import { equipmentInputSchema, laborInchargeInputSchema } from '@shared/contracts/facilities';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useAddResource, useResources } from '../api/configuration';

type Kind = 'labor-incharges' | 'equipment';

function EquipmentForm({ facilityId }: { facilityId: string }) {
  const { t } = useTranslation();
  const add = useAddResource(facilityId, 'equipment');
  const { register, handleSubmit, reset, watch, formState } = useForm<z.input<typeof equipmentInputSchema>, unknown, z.output<typeof equipmentInputSchema>>({
    resolver: zodResolver(equipmentInputSchema),
    defaultValues: { name: '', type: '' },
  });
  const [name, type] = watch(['name', 'type']);
  const e = formState.errors;
  return (
    <form className="flex flex-wrap items-end gap-2" noValidate onSubmit={handleSubmit((v) => add.mutate({ name: v.name, type: v.type }, { onSuccess: () => reset() }))}>
      <Field label={t('facilities.configuration.equipmentName')} error={e.name?.message} {...register('name')} />
      <Field label={t('facilities.configuration.type')} error={e.type?.message} {...register('type')} />
      <Button type="submit" disabled={add.isPending || !name.trim() || !type.trim()}>
        {t('facilities.configuration.add')}
      </Button>
    </form>
  );
}

function LaborInchargeForm({ facilityId }: { facilityId: string }) {
  const { t } = useTranslation();
  const add = useAddResource(facilityId, 'labor-incharges');
  const { register, handleSubmit, reset, watch, formState } = useForm<z.input<typeof laborInchargeInputSchema>, unknown, z.output<typeof laborInchargeInputSchema>>({
    resolver: zodResolver(laborInchargeInputSchema),
    defaultValues: { name: '', specialization: '' },
  });
  const name = watch('name');
  const e = formState.errors;
  return (
    <form className="flex flex-wrap items-end gap-2" noValidate onSubmit={handleSubmit((v) => add.mutate({ name: v.name, specialization: v.specialization ?? '' }, { onSuccess: () => reset() }))}>
      <Field label={t('facilities.configuration.labourName')} error={e.name?.message} {...register('name')} />
      <Field label={t('facilities.configuration.specialization')} error={e.specialization?.message} {...register('specialization')} />
      <Button type="submit" disabled={add.isPending || !name.trim()}>
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
              <span className="text-slate-500"> — {isEquipment ? [r.type, r.capacity].filter(Boolean).join(', ') : (r.specialization ?? '')}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
