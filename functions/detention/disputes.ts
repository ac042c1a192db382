// Disputes of a statement's lines, and closing a statement (issue #57.3). A carrier's office disputes a
// line of its own carrier's statement with a reason; staff who act for every carrier may record one on
// the carrier's behalf (the carrier phoned or wrote in: the dispute says so, and who recorded it). The hub
// accepts it (it concedes: it corrects the truck's timeline and issues the month again, the new statement
// replacing this one) or answers it with why the figures stand. The carrier may reopen an answered
// dispute once, with a new reason; an accepted one, or one answered twice, is settled.
// Staff close a statement once no dispute of it is open; a closed statement takes no dispute and is
// never issued again. Every change moves the statement's head to its next revision in the transaction
// that writes it (functions/lib/revision.ts), with its audit record: a dispute and a closing landing
// together are decided one after the other, and two answers to one dispute cannot both land.
import { auditPut, type AuditEntry } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { ConflictError, ForbiddenError, NotFoundError, RevisionConflictError } from '../lib/errors';
import { changeAtRevision } from '../lib/revision';
import { actsForAll } from '../../shared/access';
import type { SessionUser } from '../../shared/contracts/auth';
import type {
  DetentionStatementView,
  StatementAnswerInput,
  StatementCloseInput,
  StatementDispute,
  StatementDisputeInput,
} from '../../shared/contracts/detention';
import { disputePut, headUpdate, readStatement, type StoredStatement } from './statement.store';
import { findStatement, nameOf, statementView } from './statements';

export const STATEMENT_CLOSED = 'This statement is closed: disputes are no longer taken';
export const DISPUTES_ONLY_BY_CARRIER =
  "A statement's lines are disputed by the carrier's office, or by the hub's staff on its behalf";
export const OWN_CARRIER_ONLY = "You may dispute only your own carrier's statement";
export const NO_SUCH_LINE = 'This statement has no line for that appointment';
export const ALREADY_DISPUTED = "This line is already disputed: wait for the hub's answer";
export const DISPUTE_ACCEPTED = 'The hub has accepted this dispute: the line is settled';
export const DISPUTED_TWICE = 'This line was disputed twice already: take it up with the hub';
export const NO_DISPUTE = 'This line is not disputed';
export const ALREADY_ANSWERED = 'This dispute is already answered';
export const ALREADY_CLOSED = 'This statement is already closed';

const replacedBy = (s: StoredStatement) => s.head.supersededBy?.number ?? '';

/** The statement as the revision rule reads it: its head's revision. */
const current = async (user: SessionUser, id: string) => {
  const s = await findStatement(user, id);
  return { ...s, revision: s.head.revision };
};

/** Writes a change of the statement read as `s`: its head's fields, one dispute, the audit record. */
async function write(
  user: SessionUser,
  s: StoredStatement,
  change: {
    head: Parameters<typeof headUpdate>[3];
    dispute?: { appointmentId: string; value: StatementDispute; seen: number | null };
    audit: Pick<AuditEntry, 'action' | 'before' | 'after'>;
  },
  now: Date,
): Promise<DetentionStatementView> {
  const { tenantId } = user;
  const { id } = s.head;
  await transact(
    [
      headUpdate(tenantId, id, s.head.revision, change.head),
      ...(change.dispute
        ? [disputePut(tenantId, id, change.dispute.appointmentId, change.dispute.value, change.dispute.seen)]
        : []),
      auditPut(
        {
          tenantId,
          actor: { userId: user.id, username: user.username },
          entityType: 'detention-statement',
          entityId: id,
          ...change.audit,
        },
        now,
      ),
    ],
    () => new RevisionConflictError(),
  );
  return statementView((await readStatement(tenantId, id))!);
}

/** Staff who act for every carrier (they book and cancel for anyone): they may dispute on a carrier's behalf. */
const forEveryCarrier = (user: SessionUser) => actsForAll(user);

/**
 * Only a carrier's office (an account linked to a carrier, not a driver) or staff on its behalf dispute:
 * anyone else is refused before anything is read.
 */
export function assertDisputer(user: SessionUser): void {
  if (!forEveryCarrier(user) && (!user.carrierId || user.driverId)) throw new ForbiddenError(DISPUTES_ONLY_BY_CARRIER);
}

/** A line disputed by its carrier's office or by staff on its behalf (or an answered dispute reopened, once). */
export function disputeLine(
  user: SessionUser,
  statementId: string,
  appointmentId: string,
  input: StatementDisputeInput,
  now = new Date(),
): Promise<DetentionStatementView> {
  assertDisputer(user);
  const onBehalf = forEveryCarrier(user);
  return changeAtRevision({
    read: () => current(user, statementId),
    view: statementView,
    apply: async (found) => {
      const s = found!;
      if (!onBehalf && s.head.carrierId !== user.carrierId) throw new ForbiddenError(OWN_CARRIER_ONLY);
      if (!s.lines.some((l) => l.appointmentId === appointmentId)) throw new NotFoundError(NO_SUCH_LINE);
      if (s.head.status === 'closed') throw new ConflictError(STATEMENT_CLOSED, { reason: STATEMENT_CLOSED });
      if (s.head.status === 'superseded') {
        const replaced = `This statement was replaced by ${replacedBy(s)}: dispute the line there`;
        throw new ConflictError(replaced, { reason: replaced });
      }
      const before = s.disputes.get(appointmentId) ?? null;
      if (before?.status === 'open') throw new ConflictError(ALREADY_DISPUTED, { reason: ALREADY_DISPUTED });
      if (before?.status === 'accepted') throw new ConflictError(DISPUTE_ACCEPTED, { reason: DISPUTE_ACCEPTED });
      if (before?.reopened) throw new ConflictError(DISPUTED_TWICE, { reason: DISPUTED_TWICE });
      const opened = { reason: input.reason, openedBy: nameOf(user), openedAt: now.toISOString(), onBehalf };
      const dispute: StatementDispute = {
        status: 'open',
        ...opened,
        reopened: before !== null,
        reply: null,
        answeredBy: null,
        answeredAt: null,
        history: before
          ? [
              ...before.history,
              {
                reason: before.reason,
                openedBy: before.openedBy,
                openedAt: before.openedAt,
                onBehalf: before.onBehalf,
                reply: before.reply,
                answeredBy: before.answeredBy,
                answeredAt: before.answeredAt,
              },
            ]
          : [],
        revision: (before?.revision ?? 0) + 1,
      };
      return write(
        user,
        s,
        {
          head: { openDisputes: s.head.openDisputes + 1 },
          dispute: { appointmentId, value: dispute, seen: before ? before.revision : null },
          audit: {
            action: before ? 'detention.dispute-reopened' : 'detention.dispute-opened',
            before: before && { appointmentId, ...before },
            after: { appointmentId, ...dispute },
          },
        },
        now,
      );
    },
  });
}

/** The hub accepts a line's open dispute or answers it; `revision` (the dispute's, as loaded) guards a stale screen. */
export function answerDispute(
  user: SessionUser,
  statementId: string,
  appointmentId: string,
  input: StatementAnswerInput,
  now = new Date(),
): Promise<DetentionStatementView> {
  // A command on the statement (a dispute of another line landing meanwhile is no reason to refuse), with
  // the dispute's own revision checked against what the answering screen loaded, when it sends one.
  return changeAtRevision({
    read: () => current(user, statementId),
    view: statementView,
    apply: async (found) => {
      const s = found!;
      if (!s.lines.some((l) => l.appointmentId === appointmentId)) throw new NotFoundError(NO_SUCH_LINE);
      const before = s.disputes.get(appointmentId);
      if (!before) throw new NotFoundError(NO_DISPUTE);
      if (input.revision !== undefined && input.revision !== before.revision)
        throw new RevisionConflictError(statementView(s));
      if (before.status !== 'open') throw new ConflictError(ALREADY_ANSWERED);
      const dispute: StatementDispute = {
        ...before,
        status: input.decision,
        reply: input.reply || null,
        answeredBy: nameOf(user),
        answeredAt: now.toISOString(),
        revision: before.revision + 1,
      };
      return write(
        user,
        s,
        {
          head: { openDisputes: Math.max(0, s.head.openDisputes - 1) },
          dispute: { appointmentId, value: dispute, seen: before.revision },
          audit: {
            action: `detention.dispute-${input.decision}`,
            before: { appointmentId, ...before },
            after: { appointmentId, ...dispute },
          },
        },
        now,
      );
    },
  });
}

/** Staff close a statement whose disputes are all answered; `revision` (the statement's, as loaded) guards a stale screen. */
export function closeStatement(
  user: SessionUser,
  statementId: string,
  input: StatementCloseInput,
  now = new Date(),
): Promise<DetentionStatementView> {
  return changeAtRevision({
    read: () => current(user, statementId),
    seen: input.revision,
    view: statementView,
    apply: async (found) => {
      const s = found!;
      if (s.head.status === 'closed') throw new ConflictError(ALREADY_CLOSED);
      if (s.head.status === 'superseded')
        throw new ConflictError(`This statement was replaced by ${replacedBy(s)}: close that one`);
      if (s.head.openDisputes > 0)
        throw new ConflictError(
          `Answer the open disputes of this statement before closing it (${s.head.openDisputes} open)`,
        );
      const closed = { status: 'closed' as const, closedAt: now.toISOString(), closedBy: nameOf(user) };
      return write(
        user,
        s,
        {
          head: closed,
          audit: {
            action: 'detention.statement-closed',
            before: { status: s.head.status, revision: s.head.revision },
            after: { ...closed, revision: s.head.revision + 1 },
          },
        },
        now,
      );
    },
  });
}
