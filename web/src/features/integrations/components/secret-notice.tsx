// A secret shown once (the inbound signing secret of a new system, a webhook's signing secret), with copy.
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Button } from '../../../components/ui/button';

function Copyable({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div>
      <div className="mb-1 text-sm font-medium text-slate-800">{label}</div>
      <div className="flex items-center gap-2">
        <code
          className="block flex-1 overflow-x-auto rounded bg-slate-100 px-2 py-1 text-xs"
          data-testid={`secret-${label}`}
        >
          {value}
        </code>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true))}
        >
          {copied ? t('integrations.secret.copied') : t('integrations.secret.copy')}
        </Button>
      </div>
    </div>
  );
}

export function SecretNotice({
  intro,
  fields,
  onDone,
}: {
  intro: string;
  fields: { label: string; value: string }[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{intro}</p>
      {fields.map((f) => (
        <Copyable key={f.label} {...f} />
      ))}
      <div className="flex justify-end">
        <Button onClick={onDone}>{t('integrations.secret.done')}</Button>
      </div>
    </div>
  );
}
