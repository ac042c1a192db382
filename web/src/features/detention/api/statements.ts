// A carrier's monthly detention statements (issue #57.3): staff issue, answer and close them, the
// carrier's office reads its own and disputes a line. Each query is declared once here, for the screens
// and their invalidation; every change answers the statement whole, which then replaces the cached one.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  DetentionStatementSummary,
  DetentionStatementView,
  StatementAnswerInput,
  StatementCloseInput,
  StatementDisputeInput,
  StatementIssueInput,
} from '@shared/contracts/detention';
import { api } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { useApiMutation } from '../../../lib/use-api-mutation';

const STATEMENTS = '/api/detention/statements';
const statementUrl = (id: string) => `${STATEMENTS}/${encodeURIComponent(id)}`;

/** The statement's downloads (CSV and PDF), as links. */
export const statementDownloadUrl = (id: string, kind: 'csv' | 'pdf') => `${statementUrl(id)}/statement.${kind}`;

export const statementsQuery = queryOptions({
  queryKey: [STATEMENTS],
  queryFn: () => api.get<DetentionStatementSummary[]>(STATEMENTS),
});

export const useStatements = () => useQuery(statementsQuery);

export const statementQuery = (id: string) =>
  queryOptions({
    queryKey: [STATEMENTS, id],
    queryFn: () => api.get<DetentionStatementView>(statementUrl(id)),
  });

export const useStatement = (id: string) => useQuery(statementQuery(id));

export const useIssueStatement = () =>
  useApiMutation<StatementIssueInput, DetentionStatementView>({
    url: () => STATEMENTS,
    invalidates: () => [statementsQuery.queryKey],
    failure: i18n.t('detention.statements.failed'),
    success: i18n.t('detention.statements.issue.done'),
  });

export const useDisputeLine = (id: string, appointmentId: string) =>
  useApiMutation<StatementDisputeInput, DetentionStatementView>({
    url: () => `${statementUrl(id)}/lines/${encodeURIComponent(appointmentId)}/dispute`,
    invalidates: () => [statementsQuery.queryKey, statementQuery(id).queryKey],
    failure: i18n.t('detention.statements.failed'),
    success: i18n.t('detention.statements.dispute.done'),
  });

export const useAnswerDispute = (id: string, appointmentId: string) =>
  useApiMutation<StatementAnswerInput, DetentionStatementView>({
    url: () => `${statementUrl(id)}/lines/${encodeURIComponent(appointmentId)}/answer`,
    invalidates: () => [statementsQuery.queryKey, statementQuery(id).queryKey],
    failure: i18n.t('detention.statements.failed'),
    success: i18n.t('detention.statements.answer.done'),
  });

export const useCloseStatement = (id: string) =>
  useApiMutation<StatementCloseInput, DetentionStatementView>({
    url: () => `${statementUrl(id)}/close`,
    invalidates: () => [statementsQuery.queryKey, statementQuery(id).queryKey],
    failure: i18n.t('detention.statements.failed'),
    success: i18n.t('detention.statements.close.done'),
  });
