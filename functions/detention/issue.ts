// Issuing a truck's evidence pack (issue #57.3) and the public check of one. A pack is issued once per
// set of facts: the first download of the facts as they stand records its issue time, its hash and the
// verification record (keyed by the hash, written once, never changed), in one transaction with the
// audit record; every later download of the same facts is the same pack, byte for byte the same hash.
// A correction changes the facts, so the next download is a new pack; the old one still verifies. A
// truck still at the hub gets the pack of its facts so far (its figures run to the issue time, and the
// detention view says they are not final yet); one that never came, the pack that says so.
import { auditPut } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { ConflictError, NotFoundError } from '../lib/errors';
import type { SessionUser } from '../../shared/contracts/auth';
import type { Appointment } from '../../shared/contracts/appointments';
import { rupeesText, type EvidenceVerification } from '../../shared/contracts/detention';
import { evidenceHash, type EvidencePack } from './evidence';
import { evidenceRecordPut, getEvidenceRecord } from './evidence.store';
import { factsHashOf, issuedFor, packOf, truckOf, type Truck } from './truck';
import { issuePut, type DetentionIssue } from './truck.store';

export const CHANGED_MEANWHILE = "The truck's records changed meanwhile: download its evidence again";
export const UNKNOWN_EVIDENCE =
  'No evidence pack was issued with this code: check it against the paper, it may have been changed';

/** The pack of the appointment's truck as issued (issuing it now if its facts were never issued). */
export async function issueEvidence(
  user: SessionUser,
  appointment: Appointment,
  now = new Date(),
): Promise<{ pack: EvidencePack; hash: string }> {
  return issueTruckEvidence(user, await truckOf(appointment, now), now);
}

/** The pack of the truck as read, as issued (issuing it now if its facts were never issued). */
export async function issueTruckEvidence(
  user: SessionUser,
  truck: Truck,
  now = new Date(),
): Promise<{ pack: EvidencePack; hash: string }> {
  const issued = issuedFor(truck) ?? (await issue(user, truck, now));
  return { pack: packOf(truck, issued.issuedAt), hash: issued.hash };
}

async function issue(user: SessionUser, truck: Truck, now: Date): Promise<DetentionIssue> {
  const { tenantId, id } = truck.appointment;
  const pack = packOf(truck, now.toISOString());
  const issued: DetentionIssue = { factsHash: factsHashOf(truck), hash: evidenceHash(pack), issuedAt: pack.issuedAt };
  const lost = new ConflictError(CHANGED_MEANWHILE);
  try {
    await transact(
      [
        issuePut(tenantId, id, issued),
        evidenceRecordPut({
          hash: issued.hash,
          tenantId,
          appointmentId: id,
          verification: verificationOf(issued.hash, pack),
        }),
        auditPut(
          {
            tenantId,
            actor: { userId: user.id, username: user.username },
            action: 'detention.evidence-issued',
            entityType: 'detention',
            entityId: id,
            after: { hash: issued.hash, issuedAt: issued.issuedAt },
          },
          now,
        ),
      ],
      () => lost,
    );
    return issued;
  } catch (err) {
    if (err !== lost) throw err;
  }
  // Another download issued the same facts at the same moment: its pack is the one.
  const again = issuedFor(await truckOf(truck.appointment, now));
  if (!again) throw new ConflictError(CHANGED_MEANWHILE);
  return again;
}

/** What the public verify page shows of an issued pack, or 404 for a code never issued (or edited). */
export async function verifyEvidence(hash: string): Promise<EvidenceVerification> {
  const record = /^[0-9a-f]{64}$/.test(hash) ? await getEvidenceRecord(hash) : null;
  if (!record) throw new NotFoundError(UNKNOWN_EVIDENCE);
  return record.verification;
}

/** The pack's public summary: no vehicle number, no names. */
function verificationOf(hash: string, pack: EvidencePack): EvidenceVerification {
  return {
    valid: true,
    hash,
    facility: pack.facility.name,
    bookingReference: pack.bookingReference,
    issuedAt: pack.issuedAt,
    detentionMinutes: pack.figures.detentionMinutes,
    chargedHours: pack.figures.chargedHours,
    detentionPaise: pack.figures.detentionPaise,
    detentionRupees: rupeesText(pack.figures.detentionPaise),
    lateFeePaise: pack.figures.lateFeePaise,
    lateFeeRupees: rupeesText(pack.figures.lateFeePaise),
  };
}
