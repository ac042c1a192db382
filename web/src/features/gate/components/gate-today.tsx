// The dashboard gate panel's figures of today's gate checks: allowed, held, denied, overridden.
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useGateToday } from '../api/gate';

export function GateToday() {
  const { t } = useTranslation();
  const today = useGateToday();
  const f = today.data;
  if (!f || f.allowed + f.held + f.denied === 0) return null;
  const items = [
    ['allowed', f.allowed, 'text-green-700'],
    ['held', f.held, 'text-amber-700'],
    ['denied', f.denied, 'text-red-700'],
    ['overridden', f.overridden, 'text-blue-700'],
  ] as const;
  return (
    <section
      aria-label={t('gate.today.title')}
      className="mt-3 border-t border-slate-200 pt-3"
      data-testid="gate-decisions-today"
    >
      <h3 className="mb-1 text-sm font-semibold text-slate-700">{t('gate.today.title')}</h3>
      <dl className="grid grid-cols-4 gap-2 text-center text-sm">
        {items.map(([key, value, tone]) => (
          <div key={key}>
            <dt className="text-slate-500">{t(`gate.today.${key}`)}</dt>
            <dd className={`text-lg font-bold ${tone}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
