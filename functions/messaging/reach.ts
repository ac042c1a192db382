// How a driver is reached (issue #29.3): the one place that turns a driver record (or a guest's
// mobile number) into the language of every message and the channels to try in the driver's
// fallback order, each with its address. A message goes on the first channel that carries it; a
// channel the driver has no address for, or one that fails, hands it to the next.
import { getDriver } from '../carriers';
import { messagingAllowed } from '../consent';
import { sendOne, type SendRequest } from './deliver';
import { toIndianE164, type Channel, type Language, type SendOutcome } from '../../shared/contracts/messaging';
import { driverChannels, driverLanguage } from '../../shared/contracts/messaging-drivers';

export interface DriverReach {
  language: Language;
  /** The driver's channels in fallback order, each with its address (null: the driver has none for it). */
  channels: { channel: Channel; to: string | null }[];
}

interface ReachableDriver {
  phone?: string | null;
  preferredChannels?: Channel[];
  preferredLanguage?: Language;
}

/** A driver's reach from their record; drivers are reached on their mobile number (no e-mail address is kept). */
export function reachOf(driver: ReachableDriver): DriverReach {
  const phone = driver.phone ? toIndianE164(driver.phone) : null;
  return {
    language: driverLanguage(driver),
    channels: driverChannels(driver).map((channel) => ({ channel, to: channel === 'email' ? null : phone })),
  };
}

/**
 * The reach of the driver a message is for: their record when known, else a bare mobile number (a
 * guest's) by SMS, in the language the guest booked in (English when none is known).
 */
export async function driverReach(
  tenantId: string,
  who: { carrierId?: string | null; driverId?: string | null; phone?: string | null; language?: Language },
): Promise<DriverReach | null> {
  if (who.carrierId && who.driverId) {
    const driver = await getDriver(tenantId, who.carrierId, who.driverId);
    if (driver) return reachOf(driver);
  }
  if (!who.phone) return null;
  // A guest who agreed to WhatsApp is reached there first (issue #36), SMS as the fallback.
  const e164 = toIndianE164(who.phone);
  const whatsapp = e164 ? (await messagingAllowed(tenantId, e164)).whatsapp : false;
  return reachOf({
    phone: who.phone,
    preferredLanguage: who.language,
    preferredChannels: whatsapp ? ['whatsapp', 'sms'] : undefined,
  });
}

/** Whether an outcome means the message reached the channel (a failure or a suppression hands it on). */
const carried = (o: SendOutcome) => o.status === 'sent' || o.status === 'delivered' || o.status === 'queued';

/**
 * Sends on the driver's channels in order until one carries the message; answers the channel that
 * did (null: none) and the outcome of each channel tried. A channel without an address is skipped.
 */
export async function sendByReach(
  reach: DriverReach,
  request: (channel: Channel, to: string) => SendRequest,
  now = new Date(),
): Promise<{ sentOn: Channel | null; outcomes: SendOutcome[] }> {
  const outcomes: SendOutcome[] = [];
  const phone = reach.channels.find((c) => c.channel !== 'email' && c.to)?.to;
  // The person's consent (issue #36): no WhatsApp before they agreed, no SMS once they withdrew it.
  const allowed = phone ? await messagingAllowed(request('sms', phone).tenantId, phone) : null;
  for (const { channel, to } of reach.channels) {
    if (!to) continue;
    if ((channel === 'whatsapp' || channel === 'sms') && allowed && !allowed[channel]) continue;
    const outcome = await sendOne(request(channel, to), now);
    outcomes.push(outcome);
    if (carried(outcome)) return { sentOn: channel, outcomes };
  }
  return { sentOn: null, outcomes };
}
