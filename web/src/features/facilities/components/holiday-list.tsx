import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useAddHoliday, useHolidays, useRemoveHoliday } from '../api/configuration';

export function HolidayList({ facilityId, today }: { facilityId: string; today: string }) {
  const holidays = useHolidays(facilityId);
  const add = useAddHoliday(facilityId);
  const remove = useRemoveHoliday(facilityId);
  const [holidayDate, setHolidayDate] = useState('');
  const [name, setName] = useState('');
  return (
    <div className="space-y-3">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ holidayDate, name }, { onSuccess: () => { setHolidayDate(''); setName(''); } });
        }}
      >
        <Field label="Holiday date" type="date" min={today} value={holidayDate} onChange={(e) => setHolidayDate(e.target.value)} />
        <Field label="Holiday name" value={name} onChange={(e) => setName(e.target.value)} />
        <Button type="submit" disabled={add.isPending || !holidayDate || !name.trim()}>
          Add holiday
        </Button>
      </form>
      {!holidays.data?.length ? (
        <p className="text-sm text-slate-500">No holidays</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Holidays">
          {holidays.data.map((h) => (
            <li key={h.holidayDate} className="flex items-center justify-between py-2 text-sm">
              <span>
                <span className="font-medium">{h.holidayDate}</span> — {h.name}
              </span>
              <Button size="sm" variant="ghost" onClick={() => remove.mutate({ holidayDate: h.holidayDate })} aria-label={`Remove holiday ${h.holidayDate}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
