// The inline create/edit form of a management tab: fields described once per entity, validated by
// the entity's shared zod schema (the server's messages), with a close button; a `warning` blocks
// saving (the bin capacity rule of the Inventory form).
/* eslint-disable react-hooks/refs, react-hooks/immutability -- the warning below the fields writes the
   form's `blocked` ref and the submit handler reads it: a ref shares that without re-rendering the form. */
import { useEffect, useRef, type MutableRefObject } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { X } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { ZodMiniType } from 'zod/mini';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';

export interface FormField {
  name: string;
  label: string;
  kind?: 'text' | 'number' | 'select' | 'checkbox' | 'time' | 'date';
  options?: { value: string; label: string }[];
  step?: string;
  required?: boolean;
  wide?: boolean;
}

type Values = Record<string, unknown>;

export function EntityForm({
  title,
  hint,
  fields,
  schema,
  initial,
  pending,
  submitLabel,
  onSubmit,
  onClose,
  warning,
  onBlocked,
}: {
  title: string;
  hint?: string;
  fields: FormField[];
  schema: ZodMiniType;
  initial: Values;
  pending: boolean;
  submitLabel: string;
  /** Saves; a refusal rejects, and its field errors are shown under their fields with the values kept. */
  onSubmit: (values: Values) => Promise<void>;
  onClose: () => void;
  /** A hook naming a problem with the values as typed that blocks saving (shown above the buttons). */
  warning?: (values: Values) => string | null;
  onBlocked?: () => void;
}) {
  const { t } = useTranslation();
  const blocked = useRef<string | null>(null);
  const { register, handleSubmit, formState, control, setError } = useForm<Values>({
    resolver: schemaResolver(schema as never) as never,
    defaultValues: initial,
  });
  const e = formState.errors as Record<string, { message?: string } | undefined>;
  return (
    <Card>
      <ClosingHeader title={title} onClose={onClose} />
      <CardBody>
        {hint && <p className="mb-3 text-sm text-slate-600">{hint}</p>}
        <form
          noValidate
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={handleSubmit(async (values) => {
            if (blocked.current) return onBlocked?.();
            await onSubmit(values).catch((error: unknown) => showServerFieldErrors(error, setError));
          })}
        >
          {fields.map((f) => {
            const label = `${f.label}${f.required ? ' *' : ''}`;
            const cls = f.wide ? 'sm:col-span-2' : '';
            if (f.kind === 'checkbox') {
              return (
                <label key={f.name} className={`flex items-center gap-2 text-sm ${cls}`}>
                  <input type="checkbox" className="h-4 w-4" {...register(f.name)} /> {f.label}
                </label>
              );
            }
            if (f.kind === 'select')
              return (
                <SelectField
                  key={f.name}
                  className={cls}
                  label={label}
                  options={f.options ?? []}
                  placeholder={f.required ? t('wms.field.choose') : t('wms.field.none')}
                  error={e[f.name]?.message}
                  {...register(f.name)}
                />
              );
            return (
              <Field
                key={f.name}
                className={cls}
                label={label}
                type={f.kind ?? 'text'}
                step={f.step}
                min={f.kind === 'number' ? 0 : undefined}
                error={e[f.name]?.message}
                {...register(f.name)}
              />
            );
          })}
          {warning && <Warning control={control} useWarning={warning} blocked={blocked} />}
          <div className="flex justify-end gap-2 sm:col-span-2">
            <Button variant="secondary" onClick={onClose}>
              {t('wms.list.cancel')}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? t('wms.list.saving') : submitLabel}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

function Warning({
  control,
  useWarning,
  blocked,
}: {
  control: Control<Values>;
  useWarning: (values: Values) => string | null;
  blocked: MutableRefObject<string | null>;
}) {
  const values = useWatch({ control }) as Values;
  const text = useWarning(values);
  useEffect(() => {
    blocked.current = text;
  }, [blocked, text]);
  return text ? (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-700 sm:col-span-2">
      {text}
    </p>
  ) : null;
}

/** An inline form's header: its title and the close button that returns to the list. */
export function ClosingHeader({ title, onClose }: { title: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <CardHeader
      title={title}
      action={
        <button
          type="button"
          aria-label={t('wms.list.close')}
          className="rounded p-1 text-slate-500 hover:bg-slate-100"
          onClick={onClose}
        >
          <X className="h-5 w-5" aria-hidden />
        </button>
      }
    />
  );
}
