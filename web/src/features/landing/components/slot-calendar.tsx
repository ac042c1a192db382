// A month calendar: past days and holidays cannot be chosen.
import { useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { addDays } from '@shared/time';
import { useFormat } from '../../../lib/format';

/** Monday first: 2024-01-01 was a Monday. */
const WEEK = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2024, 0, 1 + i)));

export function SlotCalendar({
  today,
  holidays,
  value,
  onChange,
}: {
  today: string;
  holidays: Set<string>;
  value: string | null;
  onChange: (date: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
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
  const title = new Intl.DateTimeFormat(format.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${first}T00:00:00Z`),
  );
  const weekday = new Intl.DateTimeFormat(format.locale, { weekday: 'short', timeZone: 'UTC' });
  return (
    <div className="rounded-md border border-slate-200 p-2" role="group" aria-label={t('landing.calendar.label')}>
      <div className="mb-2 flex items-center justify-between">
        <button
          type="button"
          aria-label={t('landing.calendar.previous')}
          disabled={month <= today.slice(0, 7)}
          onClick={() => shift(-1)}
          className="rounded p-1 hover:bg-slate-100 disabled:opacity-30"
        >
          <ChevronLeft className="h-4 w-4" aria-hidden />
        </button>
        <span className="text-sm font-semibold">{title}</span>
        <button
          type="button"
          aria-label={t('landing.calendar.next')}
          onClick={() => shift(1)}
          className="rounded p-1 hover:bg-slate-100"
        >
          <ChevronRight className="h-4 w-4" aria-hidden />
        </button>
      </div>
      <div className="grid grid-cols-7 gap-1 text-center text-xs">
        {WEEK.map((w) => (
          <span key={w.getUTCDay()} className="text-slate-500">
            {weekday.format(w)}
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
              // The readable date ('1 November 2026' / '1 नवंबर 2026') starts with the shown day number.
              aria-label={format.day(d, 'long')}
              data-date={d}
              aria-pressed={selected}
              title={holidays.has(d) ? t('landing.calendar.holiday') : undefined}
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
