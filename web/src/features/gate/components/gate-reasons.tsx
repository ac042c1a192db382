// The reasons of a gate decision, one line each, in the reader's language: shown on a check-in card,
// a refused check-in and the driver's hint; apart from the decision's override form so that these
// do not carry it.
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useServerText } from '../../../lib/server-text';

export function GateReasons({ messages }: { messages: string[] }) {
  const { t } = useTranslation();
  const say = useServerText();
  if (!messages.length) return null;
  return (
    <ul aria-label={t('gate.reasons')} className="list-disc pl-5 text-sm text-slate-700">
      {messages.map((m) => (
        <li key={m}>{say(m)}</li>
      ))}
    </ul>
  );
}
