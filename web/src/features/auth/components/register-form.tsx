// Create Account: three user types, the shared base, each type's fields, its role choices and
// its required documents (PDF, PNG or JPEG under 5 MB), uploaded with progress on submit.
import * as z from 'zod/mini';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { selfChosenRoles, type UserType } from '@shared/roles';
import {
  missingDocumentsMessage,
  registrationFormBaseSchema,
  REQUIRED_DOCUMENTS,
  UPLOAD_TEXTS,
  VARIANT_SCHEMAS,
} from '@shared/contracts/users';
import { UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES } from '@shared/product';
import { emailCodeSchema } from '@shared/contracts/tenancy';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useServerText } from '../../../lib/server-text';
import { useFormat } from '../../../lib/format';
import { useRoleName } from '../../../lib/role-names';
import { submitRegistration, uploadDocument, verifyEmail } from '../api/registration';
import { PrivacyNotice, useConsentChoice } from '../../privacy';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';

const TABS: UserType[] = ['external_user', 'internal_user', 'dockyard_employee'];
const DEFAULT_ROLE: Record<UserType, string> = {
  external_user: 'driver',
  internal_user: 'tenant_operator',
  dockyard_employee: 'security_officer',
};

type Values = Record<string, string>;

const VARIANT_FIELDS: Record<UserType, string[]> = {
  dockyard_employee: ['employeeId', 'corporateEmail', 'department', 'designation'],
  internal_user: ['companyName', 'gstin', 'cin', 'businessType', 'registeredAddress'],
  external_user: ['driverLicense', 'aadharCard', 'vehicleNumber', 'vehicleType', 'capacity'],
};

function VariantFields({ type, field }: { type: UserType; field: ReturnType<typeof fieldBinder<Values>> }) {
  const { t } = useTranslation();
  return (
    <>
      {VARIANT_FIELDS[type].map((name) => (
        <Field
          key={name}
          label={t(`register.${name}`)}
          type={name === 'corporateEmail' ? 'email' : undefined}
          inputMode={name === 'aadharCard' ? 'numeric' : undefined}
          {...field(name)}
        />
      ))}
    </>
  );
}

function AccountForm({ type, onRegistered }: { type: UserType; onRegistered: (email: string) => void }) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const { toast } = useToast();
  const say = useServerText(); // the shared upload texts in the reader's language
  const format = useFormat();
  // The facility link the registration came from (/register?facility=<link>) names the tenant joined.
  const facility = useSearchParams()[0].get('facility');
  const schema = z.intersection(registrationFormBaseSchema, VARIANT_SCHEMAS[type]);
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    resolver: schemaResolver(schema) as never,
    defaultValues: { userType: type, role: DEFAULT_ROLE[type] },
  });
  const field = fieldBinder({ register, formState });
  const [files, setFiles] = useState<Record<string, File>>({});
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [pending, setPending] = useState(false);
  const consent = useConsentChoice();

  const choose = (documentType: string, file: File | undefined) => {
    if (!file) return;
    if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type))
      return toast({
        title: say(UPLOAD_TEXTS.invalidTypeTitle)!,
        description: say(UPLOAD_TEXTS.invalidType),
        variant: 'destructive',
      });
    if (file.size >= UPLOAD_MAX_BYTES)
      return toast({
        title: say(UPLOAD_TEXTS.tooLargeTitle)!,
        description: say(UPLOAD_TEXTS.tooLarge),
        variant: 'destructive',
      });
    setFiles((all) => ({ ...all, [documentType]: file })); // a new file of a type replaces the earlier one
    setProgress((all) => ({ ...all, [documentType]: 0 }));
  };

  const onSubmit = handleSubmit(async (values) => {
    const missing = missingDocumentsMessage(type, Object.keys(files));
    if (missing)
      return toast({ title: say(UPLOAD_TEXTS.missingTitle)!, description: say(missing), variant: 'destructive' });
    setPending(true);
    try {
      const documents = [];
      for (const [documentType, file] of Object.entries(files)) {
        documents.push({
          documentType,
          uploadId: await uploadDocument(documentType, file, (p) =>
            setProgress((all) => ({ ...all, [documentType]: p })),
          ),
        });
      }
      const { email, firstName, lastName, phoneNumber, password, role } = values;
      const variantKeys = Object.keys(VARIANT_SCHEMAS[type].shape);
      const variant = Object.fromEntries(variantKeys.map((k) => [k, values[k] ?? '']));
      const result = await submitRegistration({
        userData: { email, firstName, lastName, phoneNumber, password, userType: type, role, userCategory: type },
        variant,
        documents,
        ...(facility ? { facility } : {}),
        consent: consent.consent(),
      });
      toast({
        title: t('register.successTitle'),
        description: t(
          result.requiresEmailVerification
            ? 'register.checkEmail'
            : result.requiresSMSVerification
              ? 'register.checkPhone'
              : 'register.pending',
        ),
      });
      onRegistered(email!);
    } catch (error) {
      setProgress({});
      // The body nests the form's fields under userData and variant.
      showServerFieldErrors(error, setError, (field) => field.replace(/^(userData|variant)\./, ''));
      toast({
        title: t('register.failedTitle'),
        description: messageOf(error, t('register.tryLater')),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
      <Field label={t('register.firstName')} {...field('firstName')} />
      <Field label={t('register.lastName')} {...field('lastName')} />
      <Field label={t('register.email')} type="email" autoComplete="email" {...field('email')} />
      <Field label={t('register.phone')} type="tel" placeholder="+91 98765 43210" {...field('phoneNumber')} />
      <Field label={t('register.password')} type="password" autoComplete="new-password" {...field('password')} />
      <Field
        label={t('register.confirmPassword')}
        type="password"
        autoComplete="new-password"
        {...field('confirmPassword')}
      />
      <SelectField
        label={t('register.role')}
        options={selfChosenRoles(type).map((r) => ({ value: r, label: roleName(r) }))}
        {...field('role')}
      />
      <input type="hidden" {...register('userType')} />
      <VariantFields type={type} field={field} />
      <fieldset className="space-y-2 sm:col-span-2">
        <legend className="text-sm font-semibold">{t('register.documents')}</legend>
        {REQUIRED_DOCUMENTS[type].map((d) => (
          <div key={d.type} className="rounded-md border border-slate-200 p-2">
            <label className="block text-sm font-medium">
              {t('register.documentLabel', {
                document: t(`register.documentTypes.${d.type}`, { defaultValue: d.label }),
              })}
              <input
                type="file"
                accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
                className="mt-1 block w-full text-sm"
                onChange={(e) => choose(d.type, e.target.files?.[0])}
              />
            </label>
            {files[d.type] && (
              <div className="mt-1 text-xs text-slate-600">
                {files[d.type]!.name} ·{' '}
                {t('register.fileSize', { size: format.number(Math.round(files[d.type]!.size / 1024)) })}
                <div
                  className="mt-1 h-1.5 rounded bg-slate-100"
                  role="progressbar"
                  aria-label={t('register.uploadProgress', {
                    document: t(`register.documentTypes.${d.type}`, { defaultValue: d.label }),
                  })}
                  aria-valuenow={progress[d.type] ?? 0}
                  aria-valuemin={0}
                  aria-valuemax={100}
                >
                  <div className="h-1.5 rounded bg-blue-600" style={{ width: `${progress[d.type] ?? 0}%` }} />
                </div>
              </div>
            )}
          </div>
        ))}
      </fieldset>
      <div className="sm:col-span-2">
        <PrivacyNotice choice={consent} />
      </div>
      <Button type="submit" className="sm:col-span-2" disabled={pending}>
        {pending ? t('register.submitting') : t('register.submit')}
      </Button>
    </form>
  );
}

function VerifyEmail({ email }: { email: string }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [done, setDone] = useState(false);
  if (done) return <p className="text-sm text-green-700">{t('register.verified')}</p>;
  return (
    <form
      className="space-y-3"
      onSubmit={async (e) => {
        e.preventDefault();
        const checked = emailCodeSchema.shape.code.safeParse(code);
        setCodeError(checked.error?.issues[0]?.message);
        if (!checked.success) return;
        try {
          await verifyEmail(email, code);
          setDone(true);
        } catch (error) {
          setCodeError(error instanceof ApiError ? (error.fieldErrors.code ?? error.serverMessage) : undefined);
          toast({
            title: t('register.verifyFailedTitle'),
            description: messageOf(error, t('register.tryLater')),
            variant: 'destructive',
          });
        }
      }}
    >
      <p className="text-sm text-slate-600">{t('register.verifyIntro', { email })}</p>
      <Field
        label={t('register.code')}
        inputMode="numeric"
        maxLength={6}
        value={code}
        error={codeError}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
      />
      <Button type="submit">{t('register.verify')}</Button>
    </form>
  );
}

export function RegisterForm() {
  const { t } = useTranslation();
  const [type, setType] = useState<UserType>('external_user');
  const [registered, setRegistered] = useState<string | null>(null);
  if (registered) return <VerifyEmail email={registered} />;
  return (
    <div className="space-y-4">
      <div
        className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1"
        role="tablist"
        aria-label={t('register.accountType')}
      >
        {TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={type === tab}
            onClick={() => setType(tab)}
            className={`rounded-md px-2 py-1.5 text-xs font-medium sm:text-sm ${type === tab ? 'bg-white shadow' : 'text-slate-600'}`}
          >
            {t(`register.tabs.${tab}`)}
          </button>
        ))}
      </div>
      <AccountForm key={type} type={type} onRegistered={setRegistered} />
    </div>
  );
}
