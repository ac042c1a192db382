// The scheduling list's search box (issue #32): it finds bookings by their custom fields' answers too.
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Field } from '../../../components/ui/field';

export function BookingSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <Field
      label={t('appointmentTypes.booking.search')}
      type="search"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
