// /my-hubs/drivers (issue #59): the carrier's one list of drivers, whom it assigns to bookings at any
// linked hub; the owner adds a driver, who then signs in with the mobile number for the pass wallet, and
// removes one who left (their number then signs in as no one, and may join another carrier).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { carrierDriverInputSchema } from '@shared/contracts/carrier-identity';
import { LANGUAGES } from '@shared/contracts/language';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useSession } from '../../../lib/session';
import { Button } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { FormActions } from '../../../components/ui/form-actions';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useAddDriver, useCarrierDrivers, useRemoveDriver } from '../api/identity';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { CarrierPerson } from '@shared/contracts/carrier-identity';
import { CarrierTabs, ListState } from '../components/carrier-tabs';

function AddDriverForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const add = useAddDriver();
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: schemaResolver(carrierDriverInputSchema),
    defaultValues: { name: '', phoneNumber: '', licenseNumber: '', language: 'en' },
  });
  const field = fieldBinder({ register, formState });
  const submit = handleSubmit((values) =>
    add.mutate(values, { onSuccess: onDone, onError: (error) => showServerFieldErrors(error, setError) }),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={t('carrierIdentity.drivers.add')}>
      <Field label={t('carrierIdentity.drivers.name')} autoComplete="off" {...field('name')} />
      <Field label={t('carrierIdentity.drivers.phone')} type="tel" inputMode="tel" {...field('phoneNumber')} />
      <Field label={t('carrierIdentity.drivers.license')} autoCapitalize="characters" {...field('licenseNumber')} />
      {/* The language of the driver's SMS (sign-in code), which may not be the owner's. */}
      <SelectField
        label={t('common.messageLanguage')}
        options={LANGUAGES.map((l) => ({ value: l, label: t(`common.languages.${l}`) }))}
        {...field('language')}
      />
      <FormActions onCancel={onDone} pending={add.isPending} submitLabel={t('carrierIdentity.drivers.submit')} />
    </form>
  );
}

export function CarrierDriversRoute() {
  const { t } = useTranslation();
  const { hasPermission } = useSession();
  const drivers = useCarrierDrivers();
  const remove = useRemoveDriver();
  const [adding, setAdding] = useState(false);
  const [leaving, setLeaving] = useState<CarrierPerson | null>(null);
  const canManage = hasPermission('identity:manage');
  const list = drivers.data ?? [];
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <CarrierTabs />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">{t('carrierIdentity.drivers.title')}</h1>
          <p className="text-sm text-slate-600">{t('carrierIdentity.drivers.intro')}</p>
        </div>
        {canManage && !adding && <Button onClick={() => setAdding(true)}>{t('carrierIdentity.drivers.add')}</Button>}
      </div>
      {adding && (
        <Card>
          <CardBody>
            <AddDriverForm onDone={() => setAdding(false)} />
          </CardBody>
        </Card>
      )}
      {!canManage && <p className="text-sm text-slate-600">{t('carrierIdentity.drivers.readOnly')}</p>}
      {drivers.isLoading ? (
        <ListState>{t('carrierIdentity.drivers.loading')}</ListState>
      ) : drivers.isError ? (
        <ListState tone="error">{t('carrierIdentity.drivers.failed')}</ListState>
      ) : list.length === 0 ? (
        <ListState>{t('carrierIdentity.drivers.empty')}</ListState>
      ) : (
        <ul
          className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
          aria-label={t('carrierIdentity.drivers.list')}
        >
          {list.map((driver) => (
            <li
              key={driver.id}
              className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
              data-testid="carrier-driver"
            >
              <span className="font-medium">{driver.name}</span>
              <span className="text-slate-600">
                {driver.phoneNumber}
                {driver.licenseNumber ? ` · ${driver.licenseNumber}` : ''}
              </span>
              {canManage && (
                <Button
                  variant="secondary"
                  aria-label={t('carrierIdentity.drivers.removeNamed', { name: driver.name })}
                  onClick={() => setLeaving(driver)}
                >
                  {t('carrierIdentity.drivers.remove')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={leaving !== null}
        title={t('carrierIdentity.drivers.removeTitle', { name: leaving?.name ?? '' })}
        confirmLabel={t('carrierIdentity.drivers.remove')}
        pending={remove.isPending}
        onCancel={() => setLeaving(null)}
        onConfirm={() => leaving && remove.mutate({ id: leaving.id }, { onSuccess: () => setLeaving(null) })}
      >
        {t('carrierIdentity.drivers.removeBody', { name: leaving?.name ?? '' })}
      </ConfirmDialog>
    </div>
  );
}
