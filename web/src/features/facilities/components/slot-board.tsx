// The slots of one date: capacity, bookings, block and unblock, capacity changes.
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { useTimeSlots, useUpdateSlot } from '../api/configuration';

export function SlotBoard({ facilityId, today }: { facilityId: string; today: string }) {
  const { t } = useTranslation();
  const [date, setDate] = useState(today);
  const slots = useTimeSlots(facilityId, date);
  const update = useUpdateSlot(facilityId, date);
  return (
    <div className="space-y-3">
      <Field
        label={t('facilities.configuration.date')}
        type="date"
        value={date}
        min={today}
        onChange={(e) => e.target.value && setDate(e.target.value)}
        className="max-w-xs"
      />
      {slots.isLoading ? (
        <p className="text-sm text-slate-500">{t('facilities.configuration.slotsLoading')}</p>
      ) : !slots.data?.length ? (
        <p className="text-sm text-slate-500">{t('facilities.configuration.slotsEmpty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label={t('facilities.configuration.timeSlots')}>
            <thead className="text-left text-slate-500">
              <tr>
                <th className="py-2">{t('facilities.configuration.columns.time')}</th>
                <th>{t('facilities.configuration.columns.booked')}</th>
                <th>{t('facilities.configuration.columns.capacity')}</th>
                <th>{t('facilities.configuration.columns.status')}</th>
                <th className="text-right">{t('facilities.configuration.columns.action')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {slots.data.map((s) => (
                <tr key={s.id}>
                  <td className="py-2 font-medium">
                    {s.startTime} - {s.endTime}
                  </td>
                  <td>{s.bookedCount}</td>
                  <td>
                    <input
                      aria-label={t('facilities.configuration.capacityOf', { time: s.startTime })}
                      type="number"
                      min={0}
                      defaultValue={s.capacity}
                      key={`${s.id}-${s.capacity}`}
                      className={`${inputClasses} w-20`}
                      onBlur={(e) => {
                        const capacity = Number(e.target.value);
                        if (Number.isInteger(capacity) && capacity !== s.capacity)
                          update.mutate({ slotId: s.id, capacity });
                      }}
                    />
                  </td>
                  <td>
                    {s.isBlocked ? (
                      <Badge tone="red">{t('facilities.configuration.blocked')}</Badge>
                    ) : s.isAvailable ? (
                      <Badge tone="green">{t('facilities.configuration.open')}</Badge>
                    ) : (
                      <Badge tone="gray">{t('facilities.configuration.closed')}</Badge>
                    )}
                  </td>
                  <td className="text-right">
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => update.mutate({ slotId: s.id, isBlocked: !s.isBlocked })}
                    >
                      {s.isBlocked ? t('facilities.configuration.unblock') : t('facilities.configuration.block')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
