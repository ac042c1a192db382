// A month calendar: past days and holidays cannot be chosen.
import { useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { addDays } from '@shared/time';

const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

export function SlotCalendar({ today, holidays, value, onChange }: { today: string; holidays: Set<string>; value: string | null; onChange: (date: string) => void }) {
  const [month, setMonth] = useState(today.slice(0, 7));
  const first = `${month}-01`;
  const offset = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday first
  const days: string[] = [];
  for (let d = first; d.startsWith(month); d = addDays(d, 1)) days.push(d);
  const shift = (n: number) => {
    const d = new Date(`${first}T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() + n);
    setMonth(d.toISOString().slice(0, 7));
  };
  const title = new Date(`${first}T00:00:00Z`).toLocaleDateString('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (
    <div className="rounded-md border border-slate-200 p-2" aria-label="Arrival date calendar">
      <div className="mb-2 flex items-center justify-between">
        <button type="button" aria-label="Previous month" disabled={month <= today.slice(0, 7)} onClick={() => shift(-1)} className="rounded p-1 hover:bg-slate-100 disabled:opacity-30">
          <ChevronLeft className="h-4 w-4" aria-hidden />
        </button>
        <span className="text-sm font-semibold">{title}</span>
        <button type="button" aria-label="Next month" onClick={() => shift(1)} className="rounded p-1 hover:bg-slate-100">
          <ChevronRight className="h-4 w-4" aria-hidden />
        </button>
      </div>
      <div className="grid grid-cols-7 gap-1 text-center text-xs">
        {WEEKDAYS.map((w) => (
          <span key={w} className="text-slate-500">
            {w}
          </span>
        ))}
        {Array.from({ length: offset }, (_, i) => (
          <span key={`pad-${i}`} />
        ))}
        {days.map((d) => {
          const disabled = d < today || holidays.has(d);
          const selected = d === value;
          return (
            <button
              key={d}
              type="button"
              disabled={disabled}
              aria-label={d}
              aria-pressed={selected}
              title={holidays.has(d) ? 'Holiday' : undefined}
              onClick={() => onChange(d)}
              className={`rounded py-1.5 text-sm ${selected ? 'bg-blue-700 text-white' : disabled ? 'text-slate-300 line-through' : 'hover:bg-blue-50'}`}
            >
              {Number(d.slice(8))}
            </button>
          );
        })}
      </div>
    </div>
  );
}
