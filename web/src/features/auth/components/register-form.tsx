// Create Account: three user types, the shared base, each type's fields, its role choices and
// its required documents (PDF, PNG or JPEG under 5 MB), uploaded with progress on submit.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { REGISTRATION_ROLES, type UserType } from '../../../../../shared/roles';
import { missingDocumentsMessage, registrationFormBaseSchema, REQUIRED_DOCUMENTS, UPLOAD_TEXTS, VARIANT_SCHEMAS } from '../../../../../shared/contracts/registration';
import { UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES } from '../../../../../shared/product';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { messageOf } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { submitRegistration, uploadDocument, verifyEmail } from '../api/registration';

const TABS: { type: UserType; label: string }[] = [
  { type: 'external_user', label: 'Drivers & Transporters' },
  { type: 'internal_user', label: 'Tenants & Vendors' },
  { type: 'dockyard_employee', label: 'Dockyard Employees' },
];
const DEFAULT_ROLE: Record<UserType, string> = { external_user: 'driver', internal_user: 'tenant_operator', dockyard_employee: 'security_officer' };
const roleLabel = (r: string) => r.split('_').map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');

type Values = Record<string, string>;

function VariantFields({ type, register, errors }: { type: UserType; register: ReturnType<typeof useForm<Values>>['register']; errors: Record<string, { message?: string } | undefined> }) {
  const f = (name: string, label: string, extra: Record<string, unknown> = {}) => <Field key={name} label={label} error={errors[name]?.message} {...extra} {...register(name)} />;
  if (type === 'dockyard_employee') return <>{[f('employeeId', 'Employee ID *'), f('corporateEmail', 'Corporate email *', { type: 'email' }), f('department', 'Department'), f('designation', 'Designation')]}</>;
  if (type === 'internal_user') return <>{[f('companyName', 'Company name *'), f('gstin', 'GSTIN *'), f('cin', 'CIN'), f('businessType', 'Business type'), f('registeredAddress', 'Registered address')]}</>;
  return <>{[f('driverLicense', 'Driving license number *'), f('aadharCard', 'Aadhar number *', { inputMode: 'numeric' }), f('vehicleNumber', 'Vehicle number'), f('vehicleType', 'Vehicle type'), f('capacity', 'Capacity (tons)')]}</>;
}

function AccountForm({ type, onRegistered }: { type: UserType; onRegistered: (email: string) => void }) {
  const { toast } = useToast();
  const schema = registrationFormBaseSchema.and(VARIANT_SCHEMAS[type]);
  const { register, handleSubmit, formState } = useForm<Values>({ resolver: zodResolver(schema) as never, defaultValues: { userType: type, role: DEFAULT_ROLE[type] } });
  const [files, setFiles] = useState<Record<string, File>>({});
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [pending, setPending] = useState(false);
  const errors = formState.errors as Record<string, { message?: string } | undefined>;

  const choose = (documentType: string, file: File | undefined) => {
    if (!file) return;
    if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type)) return toast({ title: UPLOAD_TEXTS.invalidTypeTitle, description: UPLOAD_TEXTS.invalidType, variant: 'destructive' });
    if (file.size >= UPLOAD_MAX_BYTES) return toast({ title: UPLOAD_TEXTS.tooLargeTitle, description: UPLOAD_TEXTS.tooLarge, variant: 'destructive' });
    setFiles((all) => ({ ...all, [documentType]: file })); // a new file of a type replaces the earlier one
    setProgress((all) => ({ ...all, [documentType]: 0 }));
  };

  const onSubmit = handleSubmit(async (values) => {
    const missing = missingDocumentsMessage(type, Object.keys(files));
    if (missing) return toast({ title: UPLOAD_TEXTS.missingTitle, description: missing, variant: 'destructive' });
    setPending(true);
    try {
      const documents = [];
      for (const [documentType, file] of Object.entries(files)) {
        documents.push({ documentType, uploadId: await uploadDocument(documentType, file, (p) => setProgress((all) => ({ ...all, [documentType]: p }))) });
      }
      const { email, firstName, lastName, phoneNumber, password, role } = values;
      const variantKeys = Object.keys(VARIANT_SCHEMAS[type].shape);
      const variant = Object.fromEntries(variantKeys.map((k) => [k, values[k] ?? '']));
      const result = await submitRegistration({ userData: { email, firstName, lastName, phoneNumber, password, userType: type, role, userCategory: type }, variant, documents });
      toast({
        title: 'Registration Successful',
        description: result.requiresEmailVerification ? 'Please check your email to verify your account' : result.requiresSMSVerification ? 'Please check your phone for verification code' : 'Your account has been created and is pending verification.',
      });
      onRegistered(email!);
    } catch (error) {
      setProgress({});
      toast({ title: 'Registration Failed', description: messageOf(error, 'Please try again later.'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
      <Field label="First name *" error={errors.firstName?.message} {...register('firstName')} />
      <Field label="Last name *" error={errors.lastName?.message} {...register('lastName')} />
      <Field label="Email *" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <Field label="Phone number" type="tel" placeholder="+91 98765 43210" error={errors.phoneNumber?.message} {...register('phoneNumber')} />
      <Field label="Password *" type="password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <Field label="Confirm password *" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      <SelectField label="Role *" options={REGISTRATION_ROLES[type].map((r) => ({ value: r, label: roleLabel(r) }))} error={errors.role?.message} {...register('role')} />
      <input type="hidden" {...register('userType')} />
      <VariantFields type={type} register={register} errors={errors} />
      <fieldset className="space-y-2 sm:col-span-2">
        <legend className="text-sm font-semibold">Documents (PDF, PNG or JPEG, under 5 MB)</legend>
        {REQUIRED_DOCUMENTS[type].map((d) => (
          <div key={d.type} className="rounded-md border border-slate-200 p-2">
            <label className="block text-sm font-medium">
              {d.label} *
              <input type="file" accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg" className="mt-1 block w-full text-sm" onChange={(e) => choose(d.type, e.target.files?.[0])} />
            </label>
            {files[d.type] && (
              <div className="mt-1 text-xs text-slate-600">
                {files[d.type]!.name} · {(files[d.type]!.size / 1024).toFixed(0)} KB
                <div className="mt-1 h-1.5 rounded bg-slate-100" role="progressbar" aria-label={`${d.label} upload`} aria-valuenow={progress[d.type] ?? 0} aria-valuemin={0} aria-valuemax={100}>
                  <div className="h-1.5 rounded bg-blue-600" style={{ width: `${progress[d.type] ?? 0}%` }} />
                </div>
              </div>
            )}
          </div>
        ))}
      </fieldset>
      <Button type="submit" className="sm:col-span-2" disabled={pending}>
        {pending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}

function VerifyEmail({ email }: { email: string }) {
  const { toast } = useToast();
  const [code, setCode] = useState('');
  const [done, setDone] = useState(false);
  if (done) return <p className="text-sm text-green-700">Email verified. An administrator will review your documents; you will hear from us once your account is approved.</p>;
  return (
    <form
      className="space-y-3"
      onSubmit={async (e) => {
        e.preventDefault();
        try {
          await verifyEmail(email, code);
          setDone(true);
        } catch (error) {
          toast({ title: 'Verification Failed', description: messageOf(error, 'Please try again later.'), variant: 'destructive' });
        }
      }}
    >
      <p className="text-sm text-slate-600">Your account has been created and is pending verification. Enter the 6-digit code we sent to {email}.</p>
      <Field label="Verification code" inputMode="numeric" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
      <Button type="submit" disabled={code.length !== 6}>
        Verify email
      </Button>
    </form>
  );
}

export function RegisterForm() {
  const [type, setType] = useState<UserType>('external_user');
  const [registered, setRegistered] = useState<string | null>(null);
  if (registered) return <VerifyEmail email={registered} />;
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1" role="tablist" aria-label="Account type">
        {TABS.map((t) => (
          <button key={t.type} type="button" role="tab" aria-selected={type === t.type} onClick={() => setType(t.type)} className={`rounded-md px-2 py-1.5 text-xs font-medium sm:text-sm ${type === t.type ? 'bg-white shadow' : 'text-slate-600'}`}>
            {t.label}
          </button>
        ))}
      </div>
      <AccountForm key={type} type={type} onRegistered={setRegistered} />
    </div>
  );
}
