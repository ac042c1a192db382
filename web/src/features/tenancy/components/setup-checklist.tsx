// A new organisation's set-up checklist on the dashboard (issue #53): every step with what it is for
// and what does not work until it is done, a link to where it is done, and the steps done ticked. It
// is shown until every step is done, so a hub learns that SMS do not go before a carrier tells it.
import { Link } from 'react-router-dom';
import { CheckCircle2, Circle } from 'lucide-react';
import { SETUP_STEP_PATHS } from '@shared/contracts/tenancy-setup';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { registerCatalogue } from '../../../lib/i18n';
import { useSetupChecklist } from '../api/setup-checklist';
import { setupChecklistText } from '../setup-i18n';

registerCatalogue(setupChecklistText);

export function SetupChecklist() {
  const { t } = useTranslation();
  const checklist = useSetupChecklist();
  if (checklist.isError) return <p className="text-sm text-red-700">{t('setupChecklist.loadFailed')}</p>;
  if (!checklist.data || checklist.data.complete) return null;
  const { steps } = checklist.data;
  const done = steps.filter((s) => s.done).length;
  return (
    <Card aria-labelledby="setup-checklist" data-testid="setup-checklist">
      <CardHeader
        title={<span id="setup-checklist">{t('setupChecklist.title')}</span>}
        description={t('setupChecklist.intro')}
        action={
          <span className="whitespace-nowrap text-sm font-medium text-slate-700">
            {t('setupChecklist.progress', { done, total: steps.length })}
          </span>
        }
      />
      <CardBody>
        <ol className="divide-y divide-slate-100" aria-label={t('setupChecklist.title')}>
          {steps.map(({ step, done: isDone }) => (
            <li key={step} className="flex items-start gap-3 py-2" data-testid={`setup-step-${step}`}>
              {isDone ? (
                <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-600" aria-hidden />
              ) : (
                <Circle className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" aria-hidden />
              )}
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {t(`setupChecklist.steps.${step}.title`)}{' '}
                  <span className={`text-xs font-semibold ${isDone ? 'text-green-700' : 'text-amber-700'}`}>
                    {t(isDone ? 'setupChecklist.done' : 'setupChecklist.todo')}
                  </span>
                </p>
                {!isDone && <p className="text-sm text-slate-600">{t(`setupChecklist.steps.${step}.what`)}</p>}
              </div>
              {!isDone && (
                <Link
                  to={SETUP_STEP_PATHS[step]}
                  className="shrink-0 text-sm font-semibold text-blue-700 underline"
                  aria-label={t('setupChecklist.openStep', { step: t(`setupChecklist.steps.${step}.title`) })}
                >
                  {t('setupChecklist.open')}
                </Link>
              )}
            </li>
          ))}
        </ol>
      </CardBody>
    </Card>
  );
}
