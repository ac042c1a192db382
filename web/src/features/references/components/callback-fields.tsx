// The PO check's callback settings (issue #32): the customer system's address, its signing secret
// (write-only: the form shows only whether one is set, and can make a new one to copy once) and what a
// booking gets when that system does not answer.
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { DOWN_POLICIES } from '@shared/contracts/references';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';

/** A field as the form's fieldBinder gives it: registered, with its message. */
type Bound = UseFormRegisterReturn & { error?: string };

/** A Standard Webhooks secret: whsec_ and base64 of 32 random bytes. */
function newSigningSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}

export function CallbackFields({
  field,
  hasSecret,
  setSecret,
}: {
  field: (name: 'callbackUrl' | 'callbackSecret' | 'downPolicy') => Bound;
  hasSecret: boolean;
  setSecret: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const [generated, setGenerated] = useState(false);
  return (
    <>
      <Field
        className="md:col-span-3"
        label={t('references.callback.url')}
        hint={t('references.callback.urlHint')}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://erp.example.com/po-check"
        {...field('callbackUrl')}
      />
      <div className="md:col-span-2">
        <Field
          label={t('references.callback.secret')}
          hint={
            generated
              ? t('references.callback.generated')
              : hasSecret
                ? t('references.callback.secretSet')
                : t('references.callback.secretNotSet')
          }
          type={generated ? 'text' : 'password'}
          autoComplete="new-password"
          {...field('callbackSecret')}
        />
      </div>
      <div className="self-start md:pt-6">
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            setSecret(newSigningSecret());
            setGenerated(true);
          }}
        >
          {t('references.callback.generate')}
        </Button>
      </div>
      <SelectField
        className="md:col-span-3"
        label={t('references.callback.downPolicy')}
        options={DOWN_POLICIES.map((d) => ({ value: d, label: t(`references.callback.down.${d}`) }))}
        {...field('downPolicy')}
      />
    </>
  );
}
