// The facility's labour and equipment for the door plan (issue #58.1), for those who configure it: crews
// on shift by hour of the day (none: only the doors limit the plan), equipment by name and count, and for
// each appointment type the items its trucks need. Checked with the shared schema before it is sent, its
// messages under their fields in the reader's language; saved whole at the revision loaded.
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { fieldErrors } from '@shared/contracts/field-errors';
import { plannerSettingsSaveSchema, type PlannerSettingsView } from '@shared/contracts/planner';
import { useBookingSetup } from '../../appointment-types';
import { usePlannerSettings, useSavePlannerResources } from '../api/planner';

interface ShiftRow {
  fromHour: string;
  toHour: string;
  crews: string;
}
interface ItemRow {
  name: string;
  count: string;
}

const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;
const FROM_HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: hourLabel(h) }));
const TO_HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h + 1), label: hourLabel(h + 1) }));
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function ResourcesCard({ facilityId }: { facilityId: string }) {
  const { t } = useTranslation();
  const view = usePlannerSettings(facilityId).data;
  return (
    <Card>
      <CardHeader title={t('planner.resources.title')} description={t('planner.resources.description')} />
      <CardBody>
        {view ? (
          <ResourcesForm key={`${facilityId}-${view.revision}`} facilityId={facilityId} view={view} />
        ) : (
          <p className="text-sm text-slate-600">{t('planner.loading')}</p>
        )}
      </CardBody>
    </Card>
  );
}

function ResourcesForm({ facilityId, view }: { facilityId: string; view: PlannerSettingsView }) {
  const { t } = useTranslation();
  const types = useBookingSetup(facilityId).data?.types ?? [];
  const save = useSavePlannerResources(facilityId);
  const [shifts, setShifts] = useState<ShiftRow[]>(
    view.crews.map((c) => ({ fromHour: String(c.fromHour), toHour: String(c.toHour), crews: String(c.crews) })),
  );
  const [items, setItems] = useState<ItemRow[]>(view.equipment.map((e) => ({ name: e.name, count: String(e.count) })));
  const [needs, setNeeds] = useState<Record<string, string[]>>(
    Object.fromEntries(view.needs.map((n) => [n.appointmentTypeId, n.items])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const named = items.filter((i) => i.name.trim());

  const editShift = (index: number, change: Partial<ShiftRow>) =>
    setShifts((rows) => rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const editItem = (index: number, change: Partial<ItemRow>) =>
    setItems((rows) => rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const toggleNeed = (typeId: string, item: string, on: boolean) =>
    setNeeds((all) => {
      const list = (all[typeId] ?? []).filter((x) => !same(x, item));
      return { ...all, [typeId]: on ? [...list, item] : list };
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      autoReplan: view.autoReplan,
      revision: view.revision,
      crews: shifts.map((s) => ({ fromHour: Number(s.fromHour), toHour: Number(s.toHour), crews: toNumber(s.crews) })),
      equipment: items.map((i) => ({ name: i.name, count: toNumber(i.count) })),
      // Only items still on the list, and only types with some need.
      needs: Object.entries(needs)
        .map(([appointmentTypeId, list]) => ({
          appointmentTypeId,
          items: list.filter((item) => named.some((i) => same(i.name, item))),
        }))
        .filter((n) => n.items.length && types.some((type) => type.id === n.appointmentTypeId)),
    };
    const parsed = plannerSettingsSaveSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  return (
    <form className="space-y-6" onSubmit={submit} noValidate aria-label={t('planner.resources.title')}>
      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">{t('planner.resources.crews.title')}</legend>
        <p className="text-sm text-slate-600">{t('planner.resources.crews.help')}</p>
        {!shifts.length && (
          <p className="text-sm" data-testid="no-crew-limit">
            {t('planner.resources.crews.none')}
          </p>
        )}
        {shifts.map((shift, i) => (
          <div key={i} className="grid items-end gap-3 sm:grid-cols-[8rem_8rem_8rem_auto]" data-testid="crew-shift">
            <SelectField
              label={t('planner.resources.crews.from')}
              value={shift.fromHour}
              options={FROM_HOURS}
              error={errors[`crews.${i}.fromHour`]}
              onChange={(e) => editShift(i, { fromHour: e.target.value })}
            />
            <SelectField
              label={t('planner.resources.crews.to')}
              value={shift.toHour}
              options={TO_HOURS}
              error={errors[`crews.${i}.toHour`]}
              onChange={(e) => editShift(i, { toHour: e.target.value })}
            />
            <Field
              label={t('planner.resources.crews.crews')}
              type="number"
              inputMode="numeric"
              min={0}
              value={shift.crews}
              error={errors[`crews.${i}.crews`]}
              onChange={(e) => editShift(i, { crews: e.target.value })}
            />
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('planner.resources.crews.removeOne', { from: hourLabel(Number(shift.fromHour)) })}
              onClick={() => setShifts((rows) => rows.filter((_, k) => k !== i))}
            >
              {t('planner.resources.remove')}
            </Button>
          </div>
        ))}
        <Button variant="secondary" size="sm" onClick={() => setShifts((rows) => [...rows, nextShift(rows)])}>
          {t('planner.resources.crews.add')}
        </Button>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">{t('planner.resources.equipment.title')}</legend>
        <p className="text-sm text-slate-600">{t('planner.resources.equipment.help')}</p>
        {items.map((item, i) => (
          <div
            key={i}
            className="grid items-end gap-3 sm:grid-cols-[minmax(0,16rem)_8rem_auto]"
            data-testid="equipment-item"
          >
            <Field
              label={t('planner.resources.equipment.name')}
              value={item.name}
              maxLength={40}
              error={errors[`equipment.${i}.name`]}
              onChange={(e) => editItem(i, { name: e.target.value })}
            />
            <Field
              label={t('planner.resources.equipment.count')}
              type="number"
              inputMode="numeric"
              min={0}
              value={item.count}
              error={errors[`equipment.${i}.count`]}
              onChange={(e) => editItem(i, { count: e.target.value })}
            />
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('planner.resources.equipment.removeOne', { name: item.name || '—' })}
              onClick={() => setItems((rows) => rows.filter((_, k) => k !== i))}
            >
              {t('planner.resources.remove')}
            </Button>
          </div>
        ))}
        <Button variant="secondary" size="sm" onClick={() => setItems((rows) => [...rows, { name: '', count: '1' }])}>
          {t('planner.resources.equipment.add')}
        </Button>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">{t('planner.resources.needs.title')}</legend>
        <p className="text-sm text-slate-600">{t('planner.resources.needs.help')}</p>
        {!types.length || !named.length ? (
          <p className="text-sm">
            {t(types.length ? 'planner.resources.needs.noEquipment' : 'planner.resources.needs.noTypes')}
          </p>
        ) : (
          types.map((type) => (
            <fieldset key={type.id} className="rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium">{type.name}</legend>
              <div className="flex flex-wrap gap-4">
                {named.map((item) => (
                  <label key={item.name} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="h-5 w-5"
                      checked={(needs[type.id] ?? []).some((x) => same(x, item.name))}
                      onChange={(e) => toggleNeed(type.id, item.name.trim(), e.target.checked)}
                    />
                    {item.name}
                  </label>
                ))}
              </div>
            </fieldset>
          ))
        )}
      </fieldset>

      {Object.keys(errors).length > 0 && (
        <p role="alert" className="text-sm text-red-700">
          {t('planner.resources.fix')}
        </p>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t('planner.resources.saving') : t('planner.resources.save')}
      </Button>
    </form>
  );
}

/** A number typed in a field (an empty or unreadable one fails the schema with its message). */
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** A new shift from the end of the last one (08:00 to 12:00 first), 1 crew. */
function nextShift(rows: ShiftRow[]): ShiftRow {
  const last = rows.length ? Number(rows[rows.length - 1]!.toHour) : 8;
  const from = Math.min(23, last);
  return { fromHour: String(from), toHour: String(Math.min(24, from + 4)), crews: '1' };
}
