// The forms of the detention statements (issue #57.3), fetched when first shown (the list and a
// statement are read before anything is written): staff issue a carrier's month and answer a disputed
// line; a carrier's office disputes a line with its reason. Each checks the shared schema the API uses;
// the server's refusal shows under the field it is about.
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import {
  statementAnswerSchema,
  statementDisputeSchema,
  statementIssueSchema,
  type DetentionStatementView,
  type StatementDispute,
} from '@shared/contracts/detention';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { api, messageOf } from '../../../lib/api-client';
import { useServerText } from '../../../lib/server-text';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { Button } from '../../../components/ui/button';
import { Field, TextAreaField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useAnswerDispute, useDisputeLine, useIssueStatement } from '../api/statements';

type Line = DetentionStatementView['lines'][number];

/** The month before this one (YYYY-MM), the one most often issued. */
function lastMonth(): string {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

type IssueValues = z.input<typeof statementIssueSchema>;
type IssueOutput = z.output<typeof statementIssueSchema>;

export function IssueForm({ onIssued }: { onIssued: (id: string) => void }) {
  const { t } = useTranslation();
  const serverText = useServerText();
  const issue = useIssueStatement();
  const carriers = useQuery({
    queryKey: ['/api/carriers'],
    queryFn: () => api.get<{ id: string; name: string }[]>('/api/carriers'),
  });
  const { register, handleSubmit, formState, setError } = useForm<IssueValues, unknown, IssueOutput>({
    resolver: schemaResolver(statementIssueSchema),
    defaultValues: { carrierId: '', month: lastMonth() },
  });
  const field = fieldBinder({ register, formState });
  const submit = handleSubmit((values) =>
    issue.mutate(values, {
      onSuccess: (issued) => onIssued(issued.id),
      onError: (error) => {
        if (!showServerFieldErrors(error, setError))
          setError('root', { type: 'server', message: serverText(messageOf(error, t('detention.statements.failed'))) });
      },
    }),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('detention.statements.issue.title')}
      className="grid gap-2 rounded border border-slate-200 p-3 sm:grid-cols-3"
    >
      <h3 className="text-sm font-semibold text-slate-700 sm:col-span-3">{t('detention.statements.issue.title')}</h3>
      <SelectField
        label={t('detention.statements.issue.carrier')}
        options={[
          { value: '', label: t('detention.statements.issue.chooseCarrier') },
          ...(carriers.data ?? []).map((c) => ({ value: c.id, label: c.name })),
        ]}
        {...field('carrierId')}
      />
      <Field label={t('detention.statements.issue.month')} type="month" {...field('month')} />
      <div className="flex items-end">
        <Button type="submit" disabled={issue.isPending}>
          {issue.isPending ? t('detention.statements.saving') : t('detention.statements.issue.submit')}
        </Button>
      </div>
      {formState.errors.root && (
        <p role="alert" className="text-sm text-red-600 sm:col-span-3">
          {formState.errors.root.message}
        </p>
      )}
    </form>
  );
}

type DisputeValues = z.input<typeof statementDisputeSchema>;

export function DisputeForm({ s, line }: { s: DetentionStatementView; line: Line }) {
  const { t } = useTranslation();
  const serverText = useServerText();
  const dispute = useDisputeLine(s.id, line.appointmentId);
  const { register, handleSubmit, formState, setError, reset } = useForm<DisputeValues>({
    resolver: schemaResolver(statementDisputeSchema),
    defaultValues: { reason: '' },
  });
  const field = fieldBinder({ register, formState });
  const submit = handleSubmit((values) =>
    dispute.mutate(values, {
      onSuccess: () => reset({ reason: '' }),
      onError: (error) => {
        if (!showServerFieldErrors(error, setError))
          setError('root', { type: 'server', message: serverText(messageOf(error, t('detention.statements.failed'))) });
      },
    }),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('detention.statements.dispute.title', { reference: line.bookingReference })}
      className="space-y-2"
    >
      <TextAreaField label={t('detention.statements.dispute.field')} maxLength={500} rows={2} {...field('reason')} />
      {formState.errors.root && (
        <p role="alert" className="text-sm text-red-600">
          {formState.errors.root.message}
        </p>
      )}
      <Button type="submit" size="sm" disabled={dispute.isPending}>
        {dispute.isPending ? t('detention.statements.saving') : t('detention.statements.dispute.submit')}
      </Button>
    </form>
  );
}

type AnswerValues = z.input<typeof statementAnswerSchema>;
type AnswerOutput = z.output<typeof statementAnswerSchema>;

export function AnswerForm({ s, line, dispute }: { s: DetentionStatementView; line: Line; dispute: StatementDispute }) {
  const { t } = useTranslation();
  const serverText = useServerText();
  const answer = useAnswerDispute(s.id, line.appointmentId);
  const { register, handleSubmit, formState, setError } = useForm<AnswerValues, unknown, AnswerOutput>({
    resolver: schemaResolver(statementAnswerSchema),
    defaultValues: { decision: 'answered', reply: '', revision: dispute.revision },
  });
  const field = fieldBinder({ register, formState });
  const submit = handleSubmit((values) =>
    answer.mutate(
      { ...values, reply: values.decision === 'accepted' ? undefined : values.reply },
      {
        onError: (error) => {
          if (!showServerFieldErrors(error, setError))
            setError('root', {
              type: 'server',
              message: serverText(messageOf(error, t('detention.statements.failed'))),
            });
        },
      },
    ),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('detention.statements.answer.title', { reference: line.bookingReference })}
      className="space-y-2"
    >
      <SelectField
        label={t('detention.statements.answer.decision')}
        options={[
          { value: 'answered', label: t('detention.statements.answer.answered') },
          { value: 'accepted', label: t('detention.statements.answer.accepted') },
        ]}
        {...field('decision')}
      />
      <TextAreaField label={t('detention.statements.answer.reply')} maxLength={500} rows={2} {...field('reply')} />
      {formState.errors.root && (
        <p role="alert" className="text-sm text-red-600">
          {formState.errors.root.message}
        </p>
      )}
      <Button type="submit" size="sm" disabled={answer.isPending}>
        {answer.isPending ? t('detention.statements.saving') : t('detention.statements.answer.submit')}
      </Button>
    </form>
  );
}
