// The contact form (doc 3 §3, §5, §9): name, email, subject and message required, company and phone
// optional, an inquiry type (general by default). Validated with the API's own schema, messages in
// the reader's language; the server's field messages land on their fields.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod';
import { useTranslation } from 'react-i18next';
import { contactInquirySchema, INQUIRY_TYPES, type InquiryType } from '@shared/contracts/contact';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { ApiError } from '../../../lib/api-client';
import { useServerText } from '../../../lib/server-text';

type FormInput = z.input<typeof contactInquirySchema>;
type FormOutput = z.output<typeof contactInquirySchema>;

export function ContactForm({ initialType, initialSubject, pending, onSubmit }: { initialType: InquiryType; initialSubject: string; pending: boolean; onSubmit: (values: FormOutput, fail: (error: unknown) => string | undefined) => void }) {
  const { t } = useTranslation();
  const say = useServerText();
  const { register, handleSubmit, formState, setError } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(contactInquirySchema),
    defaultValues: { name: '', email: '', company: '', phone: '', subject: initialSubject, message: '', inquiryType: initialType },
  });
  const e = formState.errors;
  const c = (key: string) => t(`companyPages.contact.${key}`);
  /** Puts the server's field messages on their fields; returns the message for a toast. */
  const fail = (error: unknown) => {
    if (error instanceof ApiError) for (const [field, message] of Object.entries(error.fieldErrors)) if (field in contactInquirySchema.shape) setError(field as keyof FormInput, { message });
    return error instanceof ApiError ? error.serverMessage : undefined;
  };
  return (
    <form onSubmit={handleSubmit((values) => onSubmit(values, fail))} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={c('formTitle')}>
      <Field label={c('name')} autoComplete="name" required error={e.name?.message} {...register('name')} />
      <Field label={c('email')} type="email" autoComplete="email" required error={e.email?.message} {...register('email')} />
      <Field label={c('company')} autoComplete="organization" error={e.company?.message} {...register('company')} />
      <Field label={c('phone')} type="tel" autoComplete="tel" error={e.phone?.message} {...register('phone')} />
      <SelectField
        label={c('inquiryType')}
        className="sm:col-span-2"
        options={INQUIRY_TYPES.map((type) => ({ value: type.value, label: t(`companyPages.contact.inquiryTypes.${type.value}`) }))}
        error={e.inquiryType?.message}
        {...register('inquiryType')}
      />
      <Field label={c('subject')} className="sm:col-span-2" required error={e.subject?.message} {...register('subject')} />
      <div className="sm:col-span-2">
        <label htmlFor="contact-message" className="mb-1 block text-sm font-medium text-slate-800">{c('message')}</label>
        <textarea
          id="contact-message"
          rows={6}
          required
          aria-invalid={e.message ? true : undefined}
          aria-describedby={e.message ? 'contact-message-error' : undefined}
          className={inputClasses}
          {...register('message')}
        />
        {e.message && <p id="contact-message-error" role="alert" className="mt-1 text-sm text-red-600">{say(e.message.message)}</p>}
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={pending}>{pending ? c('submitting') : c('submit')}</Button>
      </div>
    </form>
  );
}
