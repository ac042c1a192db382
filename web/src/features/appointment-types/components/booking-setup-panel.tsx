// /configuration's "Appointment types and booking fields" section for one facility (issue #32): the types
// with their duration rules and doors, and the custom fields bookings answer. Each can be edited in a
// dialog, and deleting one asks first (issue #53, item 7). Staff who cannot change facilities see the
// lists only.
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { AppointmentType, BookingField } from '@shared/contracts/appointment-types';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { useSession } from '../../../lib/session';
import { useBookingSetup, useDeleteField, useDeleteType, useFacilityDoors as useDockDoors } from '../api/booking-setup';
import { FieldForm } from './field-form';
import { TypeForm } from './type-form';

/** What the panel has open: a type or field in its edit dialog, or in the question before deleting it. */
type Open =
  | { kind: 'type'; act: 'edit' | 'delete'; type: AppointmentType }
  | { kind: 'field'; act: 'edit' | 'delete'; field: BookingField }
  | null;

export function BookingSetupPanel({ facilityId }: { facilityId: string }) {
  const { t, i18n } = useTranslation();
  const { hasPermission } = useSession();
  const canWrite = hasPermission('facilities:write');
  const setup = useBookingSetup(facilityId);
  const doors = useDockDoors(facilityId);
  const removeType = useDeleteType(facilityId);
  const removeField = useDeleteField(facilityId);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const hindi = i18n.language === 'hi';
  const doorName = (id: string) => doors.data?.find((d) => d.id === id)?.doorNumber ?? id;
  const types = setup.data?.types ?? [];
  const typeName = (type: AppointmentType) => (hindi && type.nameHi) || type.name;
  const fieldLabel = (f: BookingField) => (hindi && f.labelHi) || f.label;
  const deleting = open?.act === 'delete' ? open : null;
  const confirmDelete = () => {
    if (deleting?.kind === 'type') removeType.mutate(deleting.type, { onSuccess: close });
    if (deleting?.kind === 'field') removeField.mutate(deleting.field, { onSuccess: close });
  };
  return (
    <Card>
      <CardHeader title={t('appointmentTypes.title')} description={t('appointmentTypes.description')} />
      <CardBody className="space-y-6">
        <section aria-label={t('appointmentTypes.types.title')} className="space-y-3">
          <h3 className="font-semibold">{t('appointmentTypes.types.title')}</h3>
          {setup.data && (
            <p className="text-xs text-slate-500">
              {t('appointmentTypes.types.grid', { minutes: setup.data.slotMinutes })}
            </p>
          )}
          {types.length === 0 && <p className="text-sm text-slate-500">{t('appointmentTypes.types.empty')}</p>}
          <ul className="divide-y text-sm" data-testid="appointment-types">
            {types.map((type) => (
              <li key={type.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{typeName(type)}</span> ·{' '}
                  {t(`appointmentTypes.types.directions.${type.direction}`)} ·{' '}
                  {type.durationRule.kind === 'fixed'
                    ? t('appointmentTypes.types.fixedSummary', { minutes: type.durationRule.minutes })
                    : t('appointmentTypes.types.perUnitSummary', {
                        perUnit: type.durationRule.minutesPerUnit,
                        unit: t(`appointmentTypes.types.units.${type.durationRule.unit}`),
                        min: type.durationRule.minMinutes,
                        max: type.durationRule.maxMinutes,
                        most: type.durationRule.maxQuantity,
                      })}{' '}
                  · {type.doorIds.length ? type.doorIds.map(doorName).join(', ') : t('appointmentTypes.types.allDoors')}
                </span>
                {canWrite && (
                  <span className="flex gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t('appointmentTypes.editNamed', { name: typeName(type) })}
                      onClick={() => setOpen({ kind: 'type', act: 'edit', type })}
                    >
                      {t('appointmentTypes.edit')}
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t('appointmentTypes.deleteNamed', { name: typeName(type) })}
                      onClick={() => setOpen({ kind: 'type', act: 'delete', type })}
                    >
                      {t('appointmentTypes.types.remove')}
                    </Button>
                  </span>
                )}
              </li>
            ))}
          </ul>
          {canWrite && <TypeForm facilityId={facilityId} />}
        </section>
        <section aria-label={t('appointmentTypes.fields.title')} className="space-y-3">
          <h3 className="font-semibold">{t('appointmentTypes.fields.title')}</h3>
          {setup.data?.fields.length === 0 && (
            <p className="text-sm text-slate-500">{t('appointmentTypes.fields.empty')}</p>
          )}
          <ul className="divide-y text-sm" data-testid="booking-fields">
            {(setup.data?.fields ?? []).map((f) => (
              <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{fieldLabel(f)}</span> · {t(`appointmentTypes.fields.kinds.${f.kind}`)}
                  {f.typeIds.length
                    ? ` · ${f.typeIds
                        .map((id) => types.find((ty) => ty.id === id))
                        .map((ty) => (ty ? typeName(ty) : ''))
                        .join(', ')}`
                    : ''}
                  {f.requiredForStaff ? ` · ${t('appointmentTypes.fields.requiredForStaff')}` : ''}
                  {f.requiredForCarriers ? ` · ${t('appointmentTypes.fields.requiredForCarriers')}` : ''}
                  {f.hiddenFromCarriers ? ` · ${t('appointmentTypes.fields.hiddenFromCarriers')}` : ''}
                  {f.uniquePerFacility ? ` · ${t('appointmentTypes.fields.unique')}` : ''}
                </span>
                {canWrite && (
                  <span className="flex gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t('appointmentTypes.editNamed', { name: fieldLabel(f) })}
                      onClick={() => setOpen({ kind: 'field', act: 'edit', field: f })}
                    >
                      {t('appointmentTypes.edit')}
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t('appointmentTypes.deleteNamed', { name: fieldLabel(f) })}
                      onClick={() => setOpen({ kind: 'field', act: 'delete', field: f })}
                    >
                      {t('appointmentTypes.fields.remove')}
                    </Button>
                  </span>
                )}
              </li>
            ))}
          </ul>
          {canWrite && <FieldForm facilityId={facilityId} types={types} />}
        </section>
      </CardBody>
      <Dialog
        open={open?.act === 'edit'}
        onClose={close}
        wide
        title={open?.kind === 'field' ? t('appointmentTypes.fields.editTitle') : t('appointmentTypes.types.editTitle')}
      >
        {open?.act === 'edit' && open.kind === 'type' && (
          <TypeForm key={open.type.id} facilityId={facilityId} editing={open.type} onDone={close} />
        )}
        {open?.act === 'edit' && open.kind === 'field' && (
          <FieldForm key={open.field.id} facilityId={facilityId} types={types} editing={open.field} onDone={close} />
        )}
      </Dialog>
      <ConfirmDialog
        open={Boolean(deleting)}
        title={
          deleting?.kind === 'field'
            ? t('appointmentTypes.fields.deleteTitle')
            : t('appointmentTypes.types.deleteTitle')
        }
        confirmLabel={t('appointmentTypes.confirmDelete')}
        pending={removeType.isPending || removeField.isPending}
        onConfirm={confirmDelete}
        onCancel={close}
      >
        {deleting?.kind === 'type' && t('appointmentTypes.types.deleteText', { name: typeName(deleting.type) })}
        {deleting?.kind === 'field' && t('appointmentTypes.fields.deleteText', { label: fieldLabel(deleting.field) })}
      </ConfirmDialog>
    </Card>
  );
}
