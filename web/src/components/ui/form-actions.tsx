import { useTranslation } from '../../lib/i18n/use-translation';
import { Button } from './button';

/** Cancel and submit at the foot of a dialog form; the submit reads 'Saving...' while pending. */
export function FormActions({
  onCancel,
  pending,
  submitLabel,
  disabled,
  className = '',
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  disabled?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={`flex justify-end gap-2 ${className}`}>
      <Button variant="secondary" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" disabled={pending || disabled}>
        {pending ? t('common.saving') : submitLabel}
      </Button>
    </div>
  );
}
