// The driver app's own settings (issue #29.3): the language of the driver's messages and the channels
// to try in order. Saved on the driver's own record from the revision loaded (PATCH
// /api/driver/preferences); a refusal shows under its field and keeps the choice made. Fetched after
// the driver's home is shown (message-preferences.tsx).
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { driverPreferencesSchema } from '@shared/contracts/carriers';
import { LANGUAGES } from '@shared/contracts/messaging';
import { driverChannels, driverLanguage } from '@shared/contracts/messaging-drivers';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { PreferredChannelsField, useDrivers } from '../../carriers';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { PreferencesCard } from './preferences-card';

// Its channel field is a chunk of the carriers feature: asked for with this form, not when it renders.
void PreferredChannelsField.preload();

type FormInput = z.input<typeof driverPreferencesSchema>;
type FormOutput = z.output<typeof driverPreferencesSchema>;
type Own = NonNullable<ReturnType<typeof useDrivers>['data']>[number];

export function PreferencesSection() {
  const { user } = useSession();
  // A driver sees only their own record in their carrier's list (functions/carriers/handler.ts).
  const drivers = useDrivers(user?.carrierId ?? null);
  const own = drivers.data?.find((d) => d.id === user?.driverId);
  return <PreferencesCard>{own ? <PreferencesForm key={own.revision ?? 0} own={own} /> : null}</PreferencesCard>;
}

function PreferencesForm({ own }: { own: Own }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const save = useApiMutation<FormOutput, Own>({
    method: 'PATCH',
    url: () => '/api/driver/preferences',
    invalidates: () => [['/api/carriers', user?.carrierId ?? '', 'drivers']],
    failure: t('driverApp.preferences.saveFailed'),
    success: t('driverApp.preferences.saved'),
  });
  const { register, handleSubmit, formState, setError, control } = useForm<FormInput, unknown, FormOutput>({
    resolver: schemaResolver(driverPreferencesSchema),
    defaultValues: {
      preferredChannels: driverChannels(own),
      preferredLanguage: driverLanguage(own),
      revision: own.revision ?? 0,
    },
  });
  const field = fieldBinder({ register, formState });
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={handleSubmit((values) =>
        save.mutate(values, { onError: (error) => showServerFieldErrors(error, setError) }),
      )}
    >
      <SelectField
        label={t('driverApp.preferences.language')}
        options={LANGUAGES.map((l) => ({ value: l, label: t(`driverApp.preferences.languages.${l}`) }))}
        {...field('preferredLanguage')}
      />
      <PreferredChannelsField control={control} />
      <Button type="submit" disabled={save.isPending} className="w-full">
        {save.isPending ? t('driverApp.preferences.saving') : t('driverApp.preferences.save')}
      </Button>
    </form>
  );
}
