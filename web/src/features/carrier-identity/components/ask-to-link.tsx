// Asking a hub to link (issue #59): the owner names the hub by its code; the hub approves the request.
import { useForm } from 'react-hook-form';
import { linkRequestSchema } from '@shared/contracts/carrier-identity';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useAskToLink } from '../api/identity';

export function AskToLink() {
  const { t } = useTranslation();
  const ask = useAskToLink();
  const { register, handleSubmit, formState, setError, reset } = useForm({
    resolver: schemaResolver(linkRequestSchema),
    defaultValues: { hubId: '', message: '' },
  });
  const field = fieldBinder({ register, formState });
  const submit = handleSubmit((values) =>
    ask.mutate(values, { onSuccess: () => reset(), onError: (error) => showServerFieldErrors(error, setError) }),
  );
  return (
    <Card role="region" aria-labelledby="carrier-ask-link">
      <CardHeader
        title={<span id="carrier-ask-link">{t('carrierIdentity.ask.title')}</span>}
        description={t('carrierIdentity.ask.intro')}
      />
      <CardBody>
        <form onSubmit={submit} noValidate className="space-y-3" aria-label={t('carrierIdentity.ask.title')}>
          <Field label={t('carrierIdentity.ask.hubId')} autoCapitalize="none" {...field('hubId')} />
          <Field label={t('carrierIdentity.ask.message')} {...field('message')} />
          <Button type="submit" disabled={ask.isPending}>
            {t(ask.isPending ? 'carrierIdentity.ask.submitting' : 'carrierIdentity.ask.submit')}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
