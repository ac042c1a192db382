// The door-by-time board of a day's plan (issue #58.2), for a desktop: one row per door, a shared time
// axis, each truck a block at its door from its start to its end; the trucks the proposal moves are
// highlighted (colour, a border and the word "moved", never colour alone). Shows either today's plan
// (each truck's current door and time) or the proposal's.
import { ArrowRightLeft } from 'lucide-react';
import { toMinutes } from '@shared/time';
import type { PlacedAt, ProposalTruck } from '@shared/contracts/planner';
import { useTranslation } from '../../../lib/i18n/use-translation';

export interface BoardDoor {
  id: string;
  doorNumber: string;
}

const NO_DOOR = '';

interface Block {
  truck: ProposalTruck;
  at: PlacedAt;
}

/** The hours the board spans: the plan's earliest start to its latest end, whole hours, at least one. */
function axisOf(blocks: Block[]): { from: number; to: number } {
  if (!blocks.length) return { from: 8 * 60, to: 18 * 60 };
  const starts = blocks.map((b) => toMinutes(b.at.start));
  const ends = blocks.map((b) => Math.max(toMinutes(b.at.end), toMinutes(b.at.start) + 15));
  const from = Math.floor(Math.min(...starts) / 60) * 60;
  const to = Math.max(from + 60, Math.ceil(Math.max(...ends) / 60) * 60);
  return { from, to };
}

export function DoorBoard({
  doors,
  trucks,
  shown,
}: {
  doors: BoardDoor[];
  trucks: ProposalTruck[];
  shown: 'proposed' | 'current';
}) {
  const { t } = useTranslation();
  const blocks: Block[] = trucks.flatMap((truck) => {
    const at = shown === 'proposed' ? (truck.proposed ?? truck.current) : truck.current;
    return at ? [{ truck, at }] : [];
  });
  const { from, to } = axisOf(blocks);
  const span = to - from;
  const hours = Array.from({ length: span / 60 + 1 }, (_, i) => from + i * 60);
  const rows = [...doors.map((d) => ({ id: d.id, label: d.doorNumber }))];
  if (blocks.some((b) => !b.at.doorId)) rows.push({ id: NO_DOOR, label: t('planner.board.noDoor') });
  const position = (at: PlacedAt) => {
    const start = toMinutes(at.start);
    const end = Math.max(toMinutes(at.end), start + 15);
    return { left: `${((start - from) / span) * 100}%`, width: `${((end - start) / span) * 100}%` };
  };
  const clock = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:00`;
  return (
    // A region of its own that the keyboard can scroll: a narrow window shows part of the day at a time.
    <div
      data-testid="door-board"
      role="region"
      aria-label={t('planner.board.title')}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus (axe)
      tabIndex={0}
      className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-600"
    >
      <div className="min-w-[720px]">
        <div className="flex border-b border-slate-200 pb-1 text-xs text-slate-600" aria-hidden>
          <div className="w-20 shrink-0 font-semibold">{t('planner.board.door')}</div>
          <div className="relative h-4 flex-1">
            {hours.map((h, i) => (
              <span
                key={h}
                // The first and last hours stay inside the axis: their labels are not cut at its edges.
                className={`absolute ${i === 0 ? '' : i === hours.length - 1 ? '-translate-x-full' : '-translate-x-1/2'}`}
                style={{ left: `${((h - from) / span) * 100}%` }}
              >
                {clock(h)}
              </span>
            ))}
          </div>
        </div>
        <ul aria-label={t('planner.board.title')}>
          {rows.map((row) => {
            const here = blocks.filter((b) => (b.at.doorId ?? NO_DOOR) === row.id);
            return (
              <li key={row.id || 'none'} className="flex items-stretch border-b border-slate-100 py-1">
                <div className="w-20 shrink-0 self-center text-sm font-semibold">{row.label}</div>
                <ul
                  aria-label={row.label}
                  className="relative h-12 flex-1 rounded bg-slate-50"
                  style={{
                    backgroundImage: 'linear-gradient(to right, rgb(226 232 240) 1px, transparent 1px)',
                    backgroundSize: `${(60 / span) * 100}% 100%`,
                  }}
                >
                  {here.map(({ truck, at }) => {
                    const moved = shown === 'proposed' && truck.changed;
                    const label = t('planner.board.block', {
                      truck: truck.bookingReference,
                      start: at.start,
                      end: at.end,
                    });
                    return (
                      <li
                        key={truck.appointmentId}
                        data-testid={`board-truck-${truck.bookingReference}`}
                        data-moved={moved ? 'true' : 'false'}
                        title={moved ? `${label} (${t('planner.board.changed')})` : label}
                        className={`absolute top-1 bottom-1 flex items-center gap-1 overflow-hidden rounded border px-1 text-xs ${
                          moved
                            ? 'border-2 border-amber-600 bg-amber-100 text-amber-950'
                            : 'border-sky-400 bg-sky-100 text-sky-950'
                        }`}
                        style={position(at)}
                      >
                        {moved && <ArrowRightLeft className="h-3 w-3 shrink-0" aria-hidden />}
                        <span className="truncate">
                          {truck.bookingReference} {at.start}
                          {moved && <span className="sr-only"> ({t('planner.board.changed')})</span>}
                        </span>
                      </li>
                    );
                  })}
                </ul>
              </li>
            );
          })}
        </ul>
        <div className="mt-2 flex gap-4 text-xs text-slate-700">
          <span className="flex items-center gap-1">
            <span className="inline-block h-3 w-5 rounded border-2 border-amber-600 bg-amber-100" aria-hidden />
            {t('planner.board.legendChanged')}
          </span>
          <span className="flex items-center gap-1">
            <span className="inline-block h-3 w-5 rounded border border-sky-400 bg-sky-100" aria-hidden />
            {t('planner.board.legendSame')}
          </span>
        </div>
      </div>
    </div>
  );
}
