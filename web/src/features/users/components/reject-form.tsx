// The reason an admin gives for rejecting a registration.
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { rejectSchema } from '@shared/contracts/users';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { fieldBinder, schemaResolver } from '../../../lib/form-errors';

/** The reason for a rejection, validated by the shared schema (empty means 'Admin decision'). */
export function RejectForm({
  pending,
  onCancel,
  onReject,
}: {
  pending: boolean;
  onCancel: () => void;
  onReject: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof rejectSchema>,
    unknown,
    z.output<typeof rejectSchema>
  >({
    resolver: schemaResolver(rejectSchema),
    defaultValues: { reason: t('users.defaultReason') },
  });
  const field = fieldBinder({ register, formState });
  return (
    <form className="space-y-3" noValidate onSubmit={handleSubmit((values) => onReject(values.reason))}>
      <Field label={t('users.reason')} {...field('reason')} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="danger" disabled={pending}>
          {t('users.reject')}
        </Button>
      </div>
    </form>
  );
}
