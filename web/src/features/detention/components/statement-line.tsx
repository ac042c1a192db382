// One truck of a carrier's monthly detention statement (issue #57.3): its day, facility, booking code,
// dwell, detention and late fee, its dispute as both sides read it (with earlier rounds), the carrier's
// dispute form or the hub's answer form, and the truck's own detention and evidence, opened in place.
import type { DetentionStatementView, StatementDispute } from '@shared/contracts/detention';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useFormat } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { loadLater } from '../../../lib/load-later';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { useDuration } from '../duration';
import { DetentionDetails } from './detention-details';

// A line's forms are fetched when a line that takes one is shown.
const DisputeForm = loadLater(async () => (await import('./statement-forms')).DisputeForm, { fallback: null });
const AnswerForm = loadLater(async () => (await import('./statement-forms')).AnswerForm, { fallback: null });

type Line = DetentionStatementView['lines'][number];

const DISPUTE_TONE: Record<StatementDispute['status'], BadgeTone> = {
  open: 'yellow',
  accepted: 'green',
  answered: 'blue',
};

function DisputeText({ dispute }: { dispute: StatementDispute }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="space-y-1 rounded bg-slate-50 p-2 text-sm" data-testid="statement-dispute">
      {dispute.history.map((h, i) => (
        <div key={i} className="text-slate-600">
          <p>{t('detention.statements.dispute.earlier', { reason: h.reason })}</p>
          {h.reply && <p>{t('detention.statements.dispute.earlierReply', { reply: h.reply })}</p>}
        </div>
      ))}
      <p>
        <span className="font-medium">
          {t(dispute.onBehalf ? 'detention.statements.dispute.reasonOnBehalf' : 'detention.statements.dispute.reason')}
        </span>{' '}
        {dispute.reason} <span className="text-slate-500">({format.dateTime(dispute.openedAt)})</span>
      </p>
      {dispute.status === 'accepted' && (
        <p className="font-medium text-green-800" data-testid="statement-answer">
          {t('detention.statements.dispute.accepted', { by: dispute.answeredBy ?? '' })}
        </p>
      )}
      {dispute.status === 'answered' && (
        <p data-testid="statement-answer">
          <span className="font-medium">
            {t('detention.statements.dispute.answer', { by: dispute.answeredBy ?? '' })}
          </span>{' '}
          {dispute.reply}
        </p>
      )}
    </div>
  );
}

export function LineCard({ s, line, side }: { s: DetentionStatementView; line: Line; side: 'staff' | 'carrier' }) {
  const { t } = useTranslation();
  const format = useFormat();
  const duration = useDuration();
  const { hasPermission } = useSession();
  const dispute = line.dispute;
  const canDispute =
    side === 'carrier' && s.status === 'open' && (!dispute || (dispute.status === 'answered' && !dispute.reopened));
  const canAnswer = side === 'staff' && hasPermission('carriers:write') && dispute?.status === 'open';
  return (
    <li data-testid="statement-line" className="space-y-2 py-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">
          {format.day(line.day)} · {line.bookingReference}
        </p>
        {dispute ? (
          <Badge tone={DISPUTE_TONE[dispute.status]}>{t(`detention.statements.disputeStatus.${dispute.status}`)}</Badge>
        ) : (
          <Badge tone="gray">{t('detention.statements.disputeStatus.none')}</Badge>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-x-3 sm:grid-cols-5">
        <div>
          <dt className="text-slate-500">{t('detention.statements.columns.facility')}</dt>
          <dd>{line.facilityName}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('detention.statements.columns.dwell')}</dt>
          <dd>{line.dwellMinutes === null ? '—' : duration(line.dwellMinutes)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('detention.statements.columns.hours')}</dt>
          <dd>{format.number(line.chargedHours)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('detention.statements.columns.detention')}</dt>
          <dd data-testid="statement-line-detention">{format.rupees(line.detentionPaise)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('detention.statements.columns.lateFee')}</dt>
          <dd>{format.rupees(line.lateFeePaise)}</dd>
        </div>
      </dl>
      {dispute && <DisputeText dispute={dispute} />}
      {canDispute && <DisputeForm s={s} line={line} />}
      {canAnswer && dispute && <AnswerForm s={s} line={line} dispute={dispute} />}
      <DetentionDetails appointmentId={line.appointmentId} />
    </li>
  );
}
