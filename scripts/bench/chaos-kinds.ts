// The chaos run's kinds beyond the first ones (scripts/bench/chaos.ts, issue #55): carrier and link
// bookings, an external system's inbound webhook, quick, gate-pass and offline-synced check-ins,
// warehouse moves and Messaging Center sends. Each says what its client was told; an answer that
// leaves it unknown is sent again only where the route takes a key (the same key), else it is read
// at the reconciliation (chaos-reconcile-kinds.ts).
import { createHash } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { DEMO_FACILITY_ID } from '../../functions/local/demo-ids';
import { localDateTime, toMinutes } from '../../shared/time';
import { busy, told, type Answer, type Send, type Told } from './chaos-client';
import {
  bookedHour,
  guestForm,
  hhmm,
  type Arrival,
  type ChaosLedger,
  type ChaosOp,
  type ChaosWorld,
  type Kind,
} from './chaos-world';

export interface KindContext {
  world: ChaosWorld;
  ledger: ChaosLedger;
  n: number;
  marker: string;
  random: () => number;
  /** The trucks due at the gate hub not yet sent to the gate. */
  due: Arrival[];
  ops: Send;
  yard: Send;
  carrier: Send;
  guest: Send;
}

/**
 * A request with a key of its own, sent again with the same key while its answer does not come or is
 * "busy" (a sender's retry). Once an answer was unknown, a later refusal speaks for that try only:
 * whether the change was made is then read.
 */
export async function keyedRetries(random: () => number, attempt: () => Promise<Answer>): Promise<Told> {
  let answer: Told = 'unknown';
  let unsure = false;
  for (let i = 0; i < 6; i++) {
    if (i) await new Promise((r) => setTimeout(r, 100 + 200 * random()));
    const a = await attempt();
    answer = told(a);
    if (answer === 'done' || (answer === 'refused' && !busy(a))) break;
    if (answer === 'unknown') unsure = true;
  }
  return answer !== 'done' && unsure ? 'unknown' : answer;
}

/** A key of 32 hex digits derived from the marker (the same on every retry). */
const keyOf = (marker: string) => createHash('sha256').update(marker).digest('hex').slice(0, 32);

/** A failed read before any write: nothing was sent, so nothing can have been made. */
const readFailed = (n: number): ChaosOp => ({ n, kind: 'dashboard poll', told: 'refused' });

/** A gate time `minutes` ago at the hub, but not before 09:45 there (when the last of its trucks' check-in opens). */
function gateTime(world: ChaosWorld, minutes: number, now = new Date()) {
  const since = toMinutes(localDateTime(now, world.gateHub.timeZone).time) - (9 * 60 + 45);
  return new Date(now.getTime() - Math.max(0, Math.min(minutes, since)) * 60_000).toISOString();
}

const pick = <T>(random: () => number, list: readonly T[]): T | undefined => list[Math.floor(random() * list.length)];

/** One operation of a kind of this file; null when it has nothing to work on (the caller polls instead). */
export async function actMore(kind: Kind, c: KindContext): Promise<ChaosOp | null> {
  const { world, ledger, n, marker, random } = c;
  switch (kind) {
    case 'carrier booking': {
      const date = pick(random, ledger.days)!;
      const start = (6 + Math.floor(random() * 13)) * 60;
      const a = await c.carrier('POST', '/api/appointments', {
        facilityId: DEMO_FACILITY_ID,
        carrierId: 'carrier-deccan',
        loadType: 'inbound',
        vehicleLicense: marker,
        scheduledDate: date,
        scheduledTimeStart: hhmm(start),
        scheduledTimeEnd: hhmm(start + 60),
        poNumber: marker,
      });
      if (told(a) === 'done' && a.body?.status === 'scheduled') ledger.booked.push(bookedHour(a.body.id, date, start));
      return { n, kind, told: told(a), marker };
    }
    case 'link booking': {
      const date = pick(random, ledger.days)!;
      const body = guestForm(marker, n, date, random, {
        driverName: 'Chaos Link Driver',
        licencePrefix: 'MH12',
        mobilePrefix: '96',
      });
      const headers = { 'idempotency-key': `chaos-${marker}`, 'x-access-code': world.bookingLink.code };
      const outcome = await keyedRetries(random, () =>
        c.guest('POST', `/api/book/${world.bookingLink.token}/booking`, body, headers),
      );
      return { n, kind, told: outcome, marker };
    }
    case 'inbound webhook': {
      // The external system's appointment request, signed the Standard Webhooks way; its retries carry
      // the same webhook-id (signed again at the time of each).
      const start = (6 + Math.floor(random() * 13)) * 60;
      const payload = {
        type: 'appointment.requested',
        data: {
          id: marker,
          carrierId: 'carrier-deccan',
          facilityId: DEMO_FACILITY_ID,
          date: pick(random, ledger.days)!,
          timeStart: hhmm(start),
          timeEnd: hhmm(start + 30),
          loadType: 'inbound',
          poNumber: marker,
        },
      };
      const webhookId = `msg_${keyOf(marker)}`;
      const signer = new Webhook(world.inbound.secret);
      const outcome = await keyedRetries(random, () => {
        const at = new Date();
        return c.guest('POST', `/api/integrations/inbound/${world.inbound.systemId}`, payload, {
          'webhook-id': webhookId,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signer.sign(webhookId, at, JSON.stringify(payload)),
        });
      });
      return { n, kind, told: outcome, marker };
    }
    case 'quick check-in': {
      const arrival = c.due.shift();
      if (!arrival) return null;
      const a = await c.ops('POST', '/api/checkins', {
        appointmentId: arrival.id,
        driverName: `Chaos Driver ${n}`,
        vehicleLicense: arrival.vehicle,
      });
      return { n, kind, told: told(a), marker: arrival.vehicle, appointmentId: arrival.id };
    }
    case 'gate-pass check-in':
    case 'offline sync': {
      // At the gate the pass is read live (its checks run there); an offline gate queued it a few minutes
      // ago and posts it when it is back (its checks pending). Either sends again with the same key.
      const arrival = c.due.shift();
      if (!arrival) return null;
      const pass = await c.yard('GET', `/api/appointments/${arrival.id}/gate-pass`);
      if (told(pass) !== 'done') {
        c.due.push(arrival);
        return readFailed(n);
      }
      const offline = kind === 'offline sync';
      const body = {
        idempotencyKey: keyOf(marker),
        token: pass.body.token,
        happenedAt: offline ? gateTime(world, 1 + Math.floor(random() * 5)) : new Date().toISOString(),
        facilityId: world.gateHub.id,
        checksPending: offline,
      };
      const outcome = await keyedRetries(random, () => c.yard('POST', '/api/checkins/gate-pass', body));
      return { n, kind, told: outcome, marker: arrival.vehicle, appointmentId: arrival.id, at: body.happenedAt };
    }
    case 'warehouse move': {
      // Put-away: part of a line of one of the run's products to another of its bins.
      const place = pick(random, ledger.places)!;
      const lines = await c.ops('GET', `/api/wms/inventory?search=${encodeURIComponent(place.sku)}&limit=100`);
      if (told(lines) !== 'done') return readFailed(n);
      const bins = new Set(ledger.places.map((p) => p.binId));
      const line = pick(
        random,
        (lines.body?.data ?? []).filter(
          (l: { binId: string; quantity: number; reservedQuantity?: number }) =>
            bins.has(l.binId) && l.quantity - (l.reservedQuantity ?? 0) >= 1,
        ) as { id: string; binId: string; quantity: number }[],
      );
      if (!line) return null;
      const to = pick(
        random,
        ledger.places.filter((p) => p.binId !== line.binId),
      )!.binId;
      const quantity = 1 + Math.floor(random() * Math.min(3, line.quantity));
      const a = await c.ops('POST', `/api/wms/inventory/${line.id}/move`, { toBinId: to, quantity, notes: marker });
      return { n, kind, told: told(a), marker, quantity };
    }
    case 'message': {
      // A Messaging Center send to a number of its own (found by it at the reconciliation).
      const to = `+9198${String(parseInt(keyOf(marker).slice(0, 10), 16) % 1e8).padStart(8, '0')}`;
      const a = await c.ops('POST', '/api/notifications/send', {
        to,
        channels: ['sms'],
        language: 'en',
        templateKey: 'dock_assigned',
        message: 'Dock D01 assigned! Please proceed for loading/unloading.',
      });
      return { n, kind, told: told(a), marker, to, status: a.status };
    }
    default:
      return null;
  }
}
