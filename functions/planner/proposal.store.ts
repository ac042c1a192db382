// The door plan proposals of a tenant (issue #58.2): each proposal by its id, holding the plan's input
// (read from the live day when asked for) and each truck's current and proposed door and start, and
// per facility day a pointer to the latest one, written with it. The worker solves a proposal once
// (INSERT of a 'plan-proposal' item on the table's stream) and writes its result while it is solving.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, isConditionalCheckFailed, transact } from '../lib/dynamo';
import { tenantPk } from '../lib/table';
import type { PlanInput, PlanProposal, ProposalTruck } from '../../shared/contracts/planner';

/** A proposal as stored: its view, the tenant, and the plan's input (JSON, solved by the worker). */
export interface StoredProposal extends Omit<PlanProposal, 'trucks'> {
  tenantId: string;
  /** JSON of the trucks (ProposalTruck[]) and of the plan's input (PlanInput). */
  trucksJson: string;
  inputJson: string;
}

export const PROPOSAL_ENTITY = 'plan-proposal';
const proposalKey = (tenantId: string, id: string) => ({ PK: tenantPk(tenantId, 'PLANPROPOSAL'), SK: id });
const latestKey = (tenantId: string, facilityId: string, date: string) => ({
  PK: tenantPk(tenantId, 'PLANLATEST'),
  SK: `${facilityId}#${date}`,
});
/** Proposals are working documents: kept 30 days. */
const KEPT_SECONDS = 30 * 86400;

export const proposalView = ({ tenantId: _t, trucksJson, inputJson: _i, ...p }: StoredProposal): PlanProposal => ({
  ...p,
  trucks: JSON.parse(trucksJson) as ProposalTruck[],
});
export const proposalInput = (p: StoredProposal) => JSON.parse(p.inputJson) as PlanInput;

export async function putProposal(p: PlanProposal & { tenantId: string }, input: PlanInput): Promise<void> {
  const { trucks, ...rest } = p;
  const expiresAt = Math.floor(Date.parse(p.createdAt) / 1000) + KEPT_SECONDS;
  const item: StoredProposal = { ...rest, trucksJson: JSON.stringify(trucks), inputJson: JSON.stringify(input) };
  await transact(
    [
      {
        Put: {
          TableName: config.tableName,
          Item: { ...proposalKey(p.tenantId, p.id), entity: PROPOSAL_ENTITY, ...item, expiresAt },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Put: {
          TableName: config.tableName,
          Item: {
            ...latestKey(p.tenantId, p.facilityId, p.date),
            entity: 'plan-proposal-latest',
            proposalId: p.id,
            expiresAt,
          },
        },
      },
    ],
    () => new Error('A proposal with this id exists'),
  );
}

export const getProposal = (tenantId: string, id: string) => getItem<StoredProposal>(proposalKey(tenantId, id), true);

export async function latestProposal(tenantId: string, facilityId: string, date: string) {
  const latest = await getItem<{ proposalId: string }>(latestKey(tenantId, facilityId, date), true);
  return latest ? getProposal(tenantId, latest.proposalId) : null;
}

/** The worker's result, written once, while the proposal is solving (false: it was solved already). */
export async function saveSolved(
  tenantId: string,
  id: string,
  result: Pick<
    PlanProposal,
    'status' | 'solver' | 'totalWaitMinutes' | 'changes' | 'message' | 'solvedAt' | 'trucks' | 'strategy'
  >,
): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: proposalKey(tenantId, id),
        UpdateExpression:
          'SET #status = :status, solver = :solver, totalWaitMinutes = :wait, changes = :changes, message = :message, solvedAt = :solvedAt, trucksJson = :trucks, strategy = :strategy',
        ConditionExpression: '#status = :solving',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': result.status,
          ':solver': result.solver,
          ':wait': result.totalWaitMinutes,
          ':changes': result.changes,
          ':message': result.message,
          ':solvedAt': result.solvedAt,
          ':trucks': JSON.stringify(result.trucks),
          ':strategy': result.strategy,
          ':solving': 'solving',
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/** What an apply did to a truck. */
export type AppliedOutcome = NonNullable<ProposalTruck['applied']>;

/**
 * Records what an apply did to its trucks, merged with what another apply recorded meanwhile: the
 * trucks are written only if they are still as read (else read again and merged again), so two
 * applies at once each keep their outcomes.
 */
export async function recordApplied(tenantId: string, id: string, outcomes: Map<string, AppliedOutcome>) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const stored = await getProposal(tenantId, id);
    if (!stored) return;
    const trucks = (JSON.parse(stored.trucksJson) as ProposalTruck[]).map((t) => {
      const applied = outcomes.get(t.appointmentId);
      return applied ? { ...t, applied } : t;
    });
    try {
      await ddb().send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: proposalKey(tenantId, id),
          UpdateExpression: 'SET trucksJson = :trucks',
          ConditionExpression: 'trucksJson = :seen',
          ExpressionAttributeValues: { ':trucks': JSON.stringify(trucks), ':seen': stored.trucksJson },
        }),
      );
      return;
    } catch (err) {
      if (!isConditionalCheckFailed(err)) throw err;
    }
  }
  throw new Error(`The outcomes of proposal ${id} could not be recorded: it kept changing`);
}
