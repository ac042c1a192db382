// The short link to an appointment's gate pass (issue #31): made for the booking message and the guest's
// confirmation, opened by the public pass page with no sign-in. The link names one appointment and
// expires with its pass; the page shows the pass as it is when opened, and a link made before a reschedule
// answers that the booking moved (the reschedule's message and the booker's page carry the new link).
import { transact } from '../lib/dynamo';
import { auditPut, type Actor } from '../lib/audit';
import { ConflictError, NotFoundError } from '../lib/errors';
import { checkLink, linkIdOf, newLinkId, signLink } from '../lib/signed-link';
import { PASS_LINK_MESSAGES } from '../../shared/contracts/gate-pass';
import type { Appointment } from '../../shared/contracts/appointments';
import type { Language } from '../../shared/contracts/messaging-templates';
import type { Facility } from '../facilities';
import { passWindow } from './pass';
import { getPassLink, newPassLinkPut, PASS_LINK, type PassLink } from './pass-link.store';

const signedFields = (link: PassLink) => [link.tenantId, link.appointmentId, link.validUntil];

/** A new link to the appointment's pass, valid until its pass expires; answers its token. */
export async function newPassLink(
  appointment: Appointment,
  facility: Facility,
  language: Language | null,
  actor: Actor | null,
  now = new Date(),
): Promise<string> {
  const link: PassLink = {
    id: newLinkId(),
    tenantId: appointment.tenantId,
    appointmentId: appointment.id,
    facilityId: facility.id,
    validUntil: new Date(passWindow(appointment, facility.timeZone).exp * 1000).toISOString(),
    language,
    rescheduleCount: appointment.rescheduleCount,
    createdAt: now.toISOString(),
  };
  await transact(
    [
      newPassLinkPut(link),
      auditPut(
        {
          tenantId: link.tenantId,
          actor,
          action: 'gate.pass-link-made',
          entityType: 'appointment',
          entityId: appointment.id,
          after: { linkId: link.id, validUntil: link.validUntil },
        },
        now,
      ),
    ],
    () => new ConflictError('Please try again'),
  );
  return signLink(PASS_LINK, link.tenantId, link.id, signedFields(link), new Date(link.validUntil), now);
}

/** The link of a token if it is genuine and unexpired. */
export async function openPassLink(token: string, now = new Date()): Promise<PassLink> {
  const id = linkIdOf(token);
  const link = id ? await getPassLink(id) : null;
  const check = link ? await checkLink(PASS_LINK, link.tenantId, token, signedFields(link), now) : 'invalid';
  if (!link || check === 'invalid') throw new NotFoundError(PASS_LINK_MESSAGES.invalid);
  if (check === 'expired' || Date.parse(link.validUntil) <= now.getTime())
    throw new ConflictError(PASS_LINK_MESSAGES.expired);
  return link;
}
