// The contact form (doc 3 §3, §5, §9): name, email, subject and message required, company and phone
// optional, an inquiry type (general by default). Validated with the API's own schema, messages in
// the reader's language; the server's field messages land on their fields.
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { contactInquirySchema, INQUIRY_TYPES, type InquiryType } from '@shared/contracts/contact';
import { Button } from '../../../components/ui/button';
import { Field, TextAreaField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { ApiError } from '../../../lib/api-client';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';

type FormInput = z.input<typeof contactInquirySchema>;
type FormOutput = z.output<typeof contactInquirySchema>;

export function ContactForm({
  initialType,
  initialSubject,
  pending,
  onSubmit,
}: {
  initialType: InquiryType;
  initialSubject: string;
  pending: boolean;
  onSubmit: (values: FormOutput, fail: (error: unknown) => string | undefined) => void;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState, setError } = useForm<FormInput, unknown, FormOutput>({
    resolver: schemaResolver(contactInquirySchema),
    defaultValues: {
      name: '',
      email: '',
      company: '',
      phone: '',
      subject: initialSubject,
      message: '',
      inquiryType: initialType,
    },
  });
  const field = fieldBinder({ register, formState });
  const c = (key: string) => t(`companyPages.contact.${key}`);
  /** Puts the server's field messages on their fields; returns the message for a toast. */
  const fail = (error: unknown) => {
    showServerFieldErrors(error, setError);
    return error instanceof ApiError ? error.serverMessage : undefined;
  };
  return (
    <form
      onSubmit={handleSubmit((values) => onSubmit(values, fail))}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      aria-label={c('formTitle')}
    >
      <Field label={c('name')} autoComplete="name" required {...field('name')} />
      <Field label={c('email')} type="email" autoComplete="email" required {...field('email')} />
      <Field label={c('company')} autoComplete="organization" {...field('company')} />
      <Field label={c('phone')} type="tel" autoComplete="tel" {...field('phone')} />
      <SelectField
        label={c('inquiryType')}
        className="sm:col-span-2"
        options={INQUIRY_TYPES.map((type) => ({
          value: type.value,
          label: t(`companyPages.contact.inquiryTypes.${type.value}`),
        }))}
        {...field('inquiryType')}
      />
      <Field label={c('subject')} className="sm:col-span-2" required {...field('subject')} />
      <TextAreaField
        id="contact-message"
        label={c('message')}
        className="sm:col-span-2"
        rows={6}
        required
        {...field('message')}
      />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={pending}>
          {pending ? c('submitting') : c('submit')}
        </Button>
      </div>
    </form>
  );
}
