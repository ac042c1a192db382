// The slots of one date: capacity, bookings, block and unblock, capacity changes.
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { useTimeSlots, useUpdateSlot } from '../api/configuration';

export function SlotBoard({ facilityId, today }: { facilityId: string; today: string }) {
  const [date, setDate] = useState(today);
  const slots = useTimeSlots(facilityId, date);
  const update = useUpdateSlot(facilityId, date);
  return (
    <div className="space-y-3">
      <Field label="Date" type="date" value={date} min={today} onChange={(e) => e.target.value && setDate(e.target.value)} className="max-w-xs" />
      {slots.isLoading ? (
        <p className="text-sm text-slate-500">Loading slots...</p>
      ) : !slots.data?.length ? (
        <p className="text-sm text-slate-500">No slots on this date</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label="Time slots">
            <thead className="text-left text-slate-500">
              <tr>
                <th className="py-2">Time</th>
                <th>Booked</th>
                <th>Capacity</th>
                <th>Status</th>
                <th className="text-right">Action</th>
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
                      aria-label={`Capacity ${s.startTime}`}
                      type="number"
                      min={0}
                      defaultValue={s.capacity}
                      key={`${s.id}-${s.capacity}`}
                      className={`${inputClasses} w-20`}
                      onBlur={(e) => {
                        const capacity = Number(e.target.value);
                        if (Number.isInteger(capacity) && capacity !== s.capacity) update.mutate({ slotId: s.id, capacity });
                      }}
                    />
                  </td>
                  <td>{s.isBlocked ? <Badge tone="red">Blocked</Badge> : s.isAvailable ? <Badge tone="green">Open</Badge> : <Badge tone="gray">Closed</Badge>}</td>
                  <td className="text-right">
                    <Button size="sm" variant="secondary" onClick={() => update.mutate({ slotId: s.id, isBlocked: !s.isBlocked })}>
                      {s.isBlocked ? 'Unblock' : 'Block'}
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
