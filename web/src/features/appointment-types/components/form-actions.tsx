// The buttons under the type and field forms: Add for a new one; Save and Cancel while editing.
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Button } from '../../../components/ui/button';

export function FormActions({
  editing,
  pending,
  addLabel,
  onDone,
}: {
  editing: boolean;
  pending: boolean;
  addLabel: string;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-2 md:col-span-3">
      {editing && (
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      )}
      <Button type="submit" disabled={pending}>
        {editing ? t('appointmentTypes.save') : addLabel}
      </Button>
    </div>
  );
}
