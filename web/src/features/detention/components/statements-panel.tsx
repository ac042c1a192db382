// A carrier's monthly detention statements (issue #57.3), for both sides. Staff who manage the carriers
// (carriers:write) issue a carrier's month, answer a disputed line (accept it, or answer why the figures
// stand) and close the statement; a carrier's office reads its own statements on a phone, opens each
// line's truck (its detention and evidence) and disputes a line with its reason, then reads the hub's
// answer. The server's refusals show under the field they are about.
import { useState } from 'react';
import { Download } from 'lucide-react';
import { Figure } from './figure';
import {
  type DetentionCause,
  type DetentionStatementSummary,
  type DetentionStatementView,
} from '@shared/contracts/detention';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useFormat } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { messageOf } from '../../../lib/api-client';
import { loadLater } from '../../../lib/load-later';
import { useServerText } from '../../../lib/server-text';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { statementDownloadUrl, useCloseStatement, useStatement, useStatements } from '../api/statements';
import { useDuration } from '../duration';
import { LineCard } from './statement-line';

/** The causes in the contract's order (DETENTION_CAUSES), written here so the first screen carries no zod. */
const CAUSES: readonly DetentionCause[] = ['door_wait', 'at_door', 'documents', 'hub_hold'];

// The issue form is fetched when staff who may issue open the panel.
const IssueForm = loadLater(async () => (await import('./statement-forms')).IssueForm, { fallback: null });

const STATUS_TONE: Record<DetentionStatementSummary['status'], BadgeTone> = {
  open: 'blue',
  superseded: 'gray',
  closed: 'green',
};

// ---- The list -----------------------------------------------------------------------------------------------

function StatementList({ onOpen, chosen }: { onOpen: (id: string) => void; chosen: string | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const statements = useStatements();
  if (statements.isLoading) return <p className="text-sm text-slate-500">{t('detention.statements.loading')}</p>;
  if (statements.isError) return <p className="text-sm text-red-700">{t('detention.statements.loadFailed')}</p>;
  const rows = statements.data ?? [];
  if (!rows.length) return <p className="text-sm text-slate-500">{t('detention.statements.empty')}</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-label={t('detention.statements.list')}>
      {rows.map((s) => (
        <li
          key={s.id}
          data-testid="statement-row"
          className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
        >
          <div className="min-w-0 space-y-0.5">
            <p className="font-medium">
              {s.number} · {s.carrierName}
            </p>
            <p className="text-slate-600">
              {t('detention.statements.monthOf', { month: s.month })} ·{' '}
              {t('detention.statements.trucks', { count: s.totals.trucks })} ·{' '}
              {netText(t, format.rupees, s.totals.netPaise)}
            </p>
            <p className="flex flex-wrap gap-1">
              <Badge tone={STATUS_TONE[s.status]}>{t(`detention.statements.status.${s.status}`)}</Badge>
              {s.openDisputes > 0 && (
                <Badge tone="yellow">{t('detention.statements.openDisputes', { count: s.openDisputes })}</Badge>
              )}
            </p>
          </div>
          <Button
            size="sm"
            variant={chosen === s.id ? 'primary' : 'secondary'}
            aria-label={t('detention.statements.openOne', { number: s.number })}
            onClick={() => onOpen(s.id)}
          >
            {t('detention.statements.open')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** The net in words: who owes whom. */
function netText(t: Translate, rupees: (paise: number) => string, netPaise: number): string {
  if (netPaise > 0) return t('detention.statements.net.hubOwes', { amount: rupees(netPaise) });
  if (netPaise < 0) return t('detention.statements.net.carrierOwes', { amount: rupees(-netPaise) });
  return t('detention.statements.net.even');
}

// ---- One statement --------------------------------------------------------------------------------------------

function Totals({ s }: { s: DetentionStatementView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const duration = useDuration();
  return (
    <div className="grid gap-3 md:grid-cols-3">
      <section aria-label={t('detention.statements.totals.label')}>
        <h4 className="text-sm font-semibold text-slate-700">{t('detention.statements.totals.label')}</h4>
        <dl className="text-sm" data-testid="statement-totals">
          <Figure label={t('detention.statements.totals.trucks')}>{format.number(s.totals.trucks)}</Figure>
          <Figure label={t('detention.statements.totals.chargedHours')}>{format.number(s.totals.chargedHours)}</Figure>
          <Figure label={t('detention.statements.totals.detention')}>{format.rupees(s.totals.detentionPaise)}</Figure>
          <Figure label={t('detention.statements.totals.lateFees')}>{format.rupees(s.totals.lateFeePaise)}</Figure>
          <Figure label={t('detention.statements.totals.net')} testId="statement-net">
            {netText(t, format.rupees, s.totals.netPaise)}
          </Figure>
        </dl>
      </section>
      <section aria-label={t('detention.statements.byFacility.label')} className="overflow-x-auto">
        <h4 className="text-sm font-semibold text-slate-700">{t('detention.statements.byFacility.label')}</h4>
        <table className="w-full text-sm" aria-label={t('detention.statements.byFacility.label')}>
          <thead className="text-left text-slate-500">
            <tr>
              <th className="py-1">{t('detention.statements.columns.facility')}</th>
              <th>{t('detention.statements.totals.trucks')}</th>
              <th>{t('detention.statements.totals.detention')}</th>
              <th>{t('detention.statements.totals.lateFees')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {s.byFacility.map((f) => (
              <tr key={f.facilityId} data-testid="statement-facility">
                <td className="py-1">{f.facilityName}</td>
                <td>{format.number(f.trucks)}</td>
                <td>{format.rupees(f.detentionPaise)}</td>
                <td>{format.rupees(f.lateFeePaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-label={t('detention.statements.byCause')}>
        <h4 className="text-sm font-semibold text-slate-700">{t('detention.statements.byCause')}</h4>
        <dl className="text-sm" data-testid="statement-causes">
          {CAUSES.map((c) => (
            <Figure key={c} label={t(`detention.causes.${c}`)}>
              {duration(s.byCause[c])}
            </Figure>
          ))}
        </dl>
      </section>
    </div>
  );
}

function CloseButton({ s }: { s: DetentionStatementView }) {
  const { t } = useTranslation();
  const serverText = useServerText();
  const close = useCloseStatement(s.id);
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <div className="space-y-1">
      <Button
        variant="secondary"
        size="sm"
        disabled={close.isPending}
        onClick={() => {
          setRefused(null);
          close.mutate(
            { revision: s.revision },
            { onError: (error) => setRefused(serverText(messageOf(error, t('detention.statements.failed'))) ?? null) },
          );
        }}
      >
        {t('detention.statements.close.submit')}
      </Button>
      {refused && (
        <p role="alert" className="text-sm text-red-600">
          {refused}
        </p>
      )}
    </div>
  );
}

function StatementView({ id, side }: { id: string; side: 'staff' | 'carrier' }) {
  const { t } = useTranslation();
  const format = useFormat();
  const serverText = useServerText();
  const { hasPermission } = useSession();
  const statement = useStatement(id);
  if (statement.isLoading) return <p className="text-sm text-slate-500">{t('detention.statements.loading')}</p>;
  if (!statement.data) return <p className="text-sm text-red-700">{t('detention.statements.loadFailed')}</p>;
  const s = statement.data;
  return (
    <section
      aria-label={t('detention.statements.title', { number: s.number })}
      data-testid="statement"
      className="space-y-3 rounded border border-slate-200 p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 className="font-semibold">{t('detention.statements.title', { number: s.number })}</h3>
          <p className="text-sm text-slate-600">
            {s.carrierName} · {t('detention.statements.monthOf', { month: s.month })} ·{' '}
            {t('detention.statements.issuedBy', { at: format.dateTime(s.issuedAt), by: s.issuedBy })}
          </p>
        </div>
        <Badge tone={STATUS_TONE[s.status]}>{t(`detention.statements.status.${s.status}`)}</Badge>
      </div>
      {s.status === 'closed' && (
        <p className="text-sm text-slate-700" data-testid="statement-closed">
          {serverText('This statement is closed: disputes are no longer taken')}
        </p>
      )}
      {s.supersededBy && (
        <p className="text-sm text-slate-700">
          {t('detention.statements.replacedBy', { number: s.supersededBy.number })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <a className={buttonClasses('secondary')} href={statementDownloadUrl(s.id, 'csv')} download>
          <Download className="h-4 w-4" aria-hidden /> {t('detention.statements.csv')}
        </a>
        <a className={buttonClasses('secondary')} href={statementDownloadUrl(s.id, 'pdf')} download>
          <Download className="h-4 w-4" aria-hidden /> {t('detention.statements.pdf')}
        </a>
        {side === 'staff' && s.status === 'open' && hasPermission('carriers:write') && <CloseButton s={s} />}
      </div>
      <Totals s={s} />
      <section aria-label={t('detention.statements.lines')}>
        <h4 className="text-sm font-semibold text-slate-700">{t('detention.statements.lines')}</h4>
        {s.lines.length ? (
          <ul className="divide-y divide-slate-100">
            {s.lines.map((line) => (
              <LineCard key={line.appointmentId} s={s} line={line} side={side} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">{t('detention.statements.noLines')}</p>
        )}
      </section>
    </section>
  );
}

/** The statements: staff's on /analytics (with the issue form), a carrier's own on /statements. */
export function StatementsPanel({ side }: { side: 'staff' | 'carrier' }) {
  const { t } = useTranslation();
  const { hasPermission } = useSession();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <Card id="detention-statements">
      <CardHeader
        title={t('detention.statements.heading')}
        description={t(
          side === 'staff' ? 'detention.statements.staffDescription' : 'detention.statements.carrierDescription',
        )}
      />
      <CardBody className="space-y-4">
        {side === 'staff' && hasPermission('carriers:write') && <IssueForm onIssued={setChosen} />}
        <StatementList onOpen={setChosen} chosen={chosen} />
        {chosen && <StatementView key={chosen} id={chosen} side={side} />}
      </CardBody>
    </Card>
  );
}
