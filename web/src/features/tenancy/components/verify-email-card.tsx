// The sign-up's 6-digit e-mail code: entered straight after sign-up, or at the next sign-in by an admin
// who left before entering it (issue #27, item 10); a new code can be sent from here either way.
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import * as z from 'zod/mini';
import { emailCodeSchema } from '@shared/contracts/tenancy';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { registerCatalogue } from '../../../lib/i18n';
import { messageOf } from '../../../lib/api-client';
import { schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useResendCode, useVerifySignup } from '../api/tenancy';
import { tenancyText } from '../i18n';

registerCatalogue(tenancyText);

const codeFormSchema = z.pick(emailCodeSchema, { code: true });
type CodeForm = z.input<typeof codeFormSchema>;

/** `password` only straight after sign-up (no session yet): a right code then signs the admin in. */
export function VerifyEmailCard({ email, password }: { email: string; password?: string }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const verify = useVerifySignup();
  const resend = useResendCode();
  const form = useForm<CodeForm, unknown, z.output<typeof codeFormSchema>>({
    resolver: schemaResolver(codeFormSchema),
    defaultValues: { code: '' },
  });
  const submit = form.handleSubmit(({ code }) =>
    verify.mutate(
      { email, code, password },
      {
        onSuccess: () => {
          toast({ title: t('tenancy.verify.started') });
          // The hub's first screen greets a newcomer; "Welcome back" is for later visits.
          void navigate('/', { replace: true, state: { firstVisit: true } });
        },
        onError: (error) => {
          showServerFieldErrors(error, form.setError);
          toast({
            title: t('tenancy.verify.failed'),
            description: messageOf(error, t('register.tryLater')),
            variant: 'destructive',
          });
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('tenancy.verify.title')}>
      <h2 className="text-lg font-semibold">{t('tenancy.verify.title')}</h2>
      <p className="text-sm text-slate-600">{t('tenancy.verify.sentTo', { email })}</p>
      <Field
        label={t('tenancy.verify.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending ? t('tenancy.verify.submitting') : t('tenancy.verify.submit')}
        </Button>
        <Button
          variant="ghost"
          disabled={resend.isPending}
          onClick={() => resend.mutate(email, { onSuccess: () => toast({ title: t('tenancy.verify.resent') }) })}
        >
          {t('tenancy.verify.resend')}
        </Button>
      </div>
    </form>
  );
}
