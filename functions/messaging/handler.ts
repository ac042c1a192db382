// Messaging (doc 1 Messaging Center; issue #15): Quick Message Test, the multi-channel send, the
// message log, Integration Status, opt-outs, the tenant's providers, and the providers' callbacks.
import * as z from 'zod/mini';
import { actorOf, json, parseBody, parseQuery, requireUser, type ApiRequest } from '../lib/http';
import { defineFunction } from '../api';
import { BadRequestError, HttpError, NotFoundError } from '../lib/errors';
import { getDriver } from '../carriers';
import { findAppointment } from '../appointments';
import { driverReach, reachOf, sendByReach, type DriverReach } from './reach';
import { writeAudit } from '../lib/audit';
import { preflight, sendOne, type SendRequest } from './deliver';
import { SendRefused, smsTemplatesOf } from './rules';
import { isLocalMessaging } from './channel';
import { listMessages, setOptOut } from './message.store';
import { listHealth } from './channel-health.store';
import { providerSetup, readSettings, updateSettings } from './settings';
import { handleSmsCallback, handleWhatsappCallback } from './callbacks';
import { handleSesEvent } from './ses-events';
import {
  appointmentValues,
  CHANNEL_LABELS,
  CHANNELS,
  fillTemplate,
  findTemplate,
  unfilledMessage,
  INDIAN_MOBILE_MESSAGE,
  messageListQuerySchema,
  messagingSettingsSchema,
  messagingTestSchema,
  notificationSendSchema,
  toIndianE164,
  type ChannelStatus,
  type PlaceholderValues,
  type SendOutcome,
} from '../../shared/contracts/messaging';
import type { SessionUser } from '../../shared/contracts/auth';
import {
  driverMessageSchema,
  type DriverMessageInput,
  type DriverMessageResult,
} from '../../shared/contracts/messaging-drivers';
import { PRODUCT_NAME } from '../../shared/product';
import { messagingRoutes } from '../../shared/routes/messaging';

const SUBJECT = `${PRODUCT_NAME} notification`;

function originOf(req: ApiRequest): string {
  const host = req.event.headers?.['x-forwarded-host'] ?? req.event.headers?.host ?? 'localhost';
  return `${host.startsWith('localhost') || host.startsWith('127.') ? 'http' : 'https'}://${host}`;
}

function rawBody(req: ApiRequest): string {
  const { body, isBase64Encoded } = req.event;
  if (!body) return '';
  if (body.length > 256 * 1024) throw new HttpError(413, 'Request body is too large');
  return isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
}

/** Every channel is checked before any is sent: a refused one sends nothing (a clear 400). */
async function sendAll(requests: SendRequest[]): Promise<SendOutcome[]> {
  await Promise.all(
    requests.map((r) =>
      preflight(r).catch((err: unknown) => {
        throw err instanceof SendRefused ? new BadRequestError(`${CHANNEL_LABELS[r.channel]}: ${err.message}`) : err;
      }),
    ),
  );
  // The channels are independent: sent side by side.
  return Promise.all(requests.map((r) => sendOne(r)));
}

/** The driver a Messaging Center message is for, how to reach them, and what their appointment fills in. */
async function driverRecipient(
  user: SessionUser,
  recipient: NonNullable<DriverMessageInput['recipient']>,
): Promise<{ reach: DriverReach | null; values: PlaceholderValues }> {
  if (recipient.kind === 'driver') {
    const driver = await getDriver(user.tenantId, recipient.carrierId, recipient.driverId);
    if (!driver) throw new NotFoundError('Driver not found');
    return { reach: reachOf(driver), values: {} };
  }
  const appointment = await findAppointment(user, recipient.appointmentId);
  const reach = await driverReach(user.tenantId, {
    carrierId: appointment.carrierId,
    driverId: appointment.driverId,
    phone: appointment.driverPhone,
  });
  // The date in the driver's language (issue #53): a Hindi SMS names the month in Hindi.
  return { reach, values: appointmentValues(appointment, reach?.language) };
}

const failedAll = (outcomes: SendOutcome[]) => outcomes.every((o) => o.status === 'failed');
const reasons = (outcomes: SendOutcome[]) =>
  outcomes.map((o) => `${CHANNEL_LABELS[o.channel]}: ${o.reason}`).join('; ');

export const { handler, actions, routes } = defineFunction('messaging', messagingRoutes, {
  /** Quick Message Test: the fixed test message (or the given text) on one channel. */
  async testMessage(req) {
    const signedIn = requireUser(req);
    const input = parseBody(req, messagingTestSchema);
    const test = findTemplate('test_message')!;
    const text = input.message || test.text[input.language];
    const templateKey = text === test.text[input.language] ? 'test_message' : null;
    const [outcome] = await sendAll([
      {
        tenantId: signedIn.user.tenantId,
        channel: input.channel,
        to: input.to,
        language: input.language,
        templateKey,
        text,
        subject: `${PRODUCT_NAME} test message`,
        actor: actorOf(signedIn),
        refuseWithError: true,
      },
    ]);
    if (failedAll([outcome!])) throw new HttpError(422, `The test message could not be sent. ${reasons([outcome!])}`);
    return json({ message: `Test message sent via ${CHANNEL_LABELS[input.channel]} to ${input.to}`, outcome });
  },

  /** Send Multi-Channel Notification: the message on each chosen channel, in the chosen language. */
  async sendNotification(req) {
    const signedIn = requireUser(req);
    const input = parseBody(req, notificationSendSchema);
    const requests: SendRequest[] = input.channels.map((channel) => ({
      tenantId: signedIn.user.tenantId,
      channel,
      to: channel === 'email' ? (input.email ?? input.to) : input.to,
      // The e-mail carries the choices link of the mobile number it goes with (none for an address alone).
      person: input.to,
      language: input.language,
      templateKey: input.templateKey,
      text: input.message,
      subject: input.subject || SUBJECT,
      actor: actorOf(signedIn),
      refuseWithError: true,
    }));
    const outcomes = await sendAll(requests);
    if (failedAll(outcomes)) throw new HttpError(422, `The notification could not be sent. ${reasons(outcomes)}`);
    return json({ message: 'Multi-channel notification sent successfully', outcomes });
  },

  /**
   * A message to a driver or an appointment's driver: the number, channels and language are the
   * driver's record's; a template's placeholders fill from the appointment, and a template that
   * cannot be filled is refused with the names of what is missing before anything is sent.
   */
  async sendDriverMessage(req) {
    const signedIn = requireUser(req);
    const input = parseBody(req, driverMessageSchema);
    const { reach, values } = await driverRecipient(signedIn.user, input.recipient);
    if (!reach?.channels.some((c) => c.to)) {
      const noNumber = 'This driver has no mobile number to message';
      throw new BadRequestError(noNumber, { recipient: noNumber });
    }
    const template = input.templateKey ? findTemplate(input.templateKey)! : null;
    if (template?.platformOnly)
      throw new BadRequestError('Unknown message template', { templateKey: 'Unknown message template' });
    if (template) {
      const { missing } = fillTemplate(template, reach.language, values);
      if (missing.length)
        throw new BadRequestError(unfilledMessage(missing), { templateKey: unfilledMessage(missing) });
    }
    const { sentOn, outcomes } = await sendByReach(reach, (channel, to) => ({
      tenantId: signedIn.user.tenantId,
      channel,
      to,
      language: reach.language,
      templateKey: template?.key ?? null,
      values: template ? values : null,
      text: template ? null : input.message,
      subject: SUBJECT,
      actor: actorOf(signedIn),
    }));
    if (!sentOn) throw new HttpError(422, `The message could not be sent. ${reasons(outcomes)}`);
    const result: DriverMessageResult = {
      message: `Message sent via ${CHANNEL_LABELS[sentOn]}`,
      sentOn,
      language: reach.language,
      outcomes,
    };
    return json(result);
  },

  async listMessages(req) {
    const { user } = requireUser(req);
    return json(await listMessages(user.tenantId, parseQuery(req, messageListQuerySchema)));
  },

  /** Integration Status: configured or not, and the last success and failure of each channel. */
  async integrationStatus(req) {
    const { user } = requireUser(req);
    const [setup, health] = await Promise.all([providerSetup(user.tenantId), listHealth(user.tenantId)]);
    const providers: Record<string, string[]> = {
      sms: [...(setup.exotel ? ['exotel-sms'] : []), ...(setup.snsBackup || !setup.exotel ? ['sns-sms'] : [])],
      whatsapp: setup.whatsapp ? ['whatsapp-cloud'] : [],
      voice: setup.exotel ? ['exotel-voice'] : [],
      email: ['ses-email'],
    };
    const cards: ChannelStatus[] = CHANNELS.map((channel) => {
      const h = health.find((x) => x.channel === channel);
      return {
        channel,
        configured: providers[channel]!.length > 0,
        providers: providers[channel]!,
        lastSuccessAt: h?.lastSuccessAt ?? null,
        lastFailureAt: h?.lastFailureAt ?? null,
        lastError: h?.lastError ?? null,
        ...(channel === 'sms' ? { templates: smsTemplatesOf(setup.dlt, isLocalMessaging()) } : {}),
      };
    });
    return json(cards);
  },

  /** Marks a number opted out of SMS and WhatsApp (or back in). */
  async setOptOut(req) {
    const signedIn = requireUser(req);
    const { phone, optedOut } = parseBody(
      req,
      z.strictObject({
        phone: z.string({ error: INDIAN_MOBILE_MESSAGE }).check(z.maxLength(32)),
        optedOut: z.boolean({ error: 'optedOut must be true or false' }),
      }),
    );
    const e164 = toIndianE164(phone);
    if (!e164)
      throw new BadRequestError(`Not an Indian mobile number. ${INDIAN_MOBILE_MESSAGE}`, {
        phone: INDIAN_MOBILE_MESSAGE,
      });
    const now = new Date();
    await setOptOut(signedIn.user.tenantId, e164, optedOut, signedIn.user.username, now);
    await writeAudit(
      {
        tenantId: signedIn.user.tenantId,
        actor: actorOf(signedIn),
        action: optedOut ? 'messaging.opted-out' : 'messaging.opted-in',
        entityType: 'phone',
        entityId: e164,
      },
      now,
    );
    return json({ phone: e164, optedOut });
  },

  async getSettings(req) {
    const { user } = requireUser(req);
    return json(await readSettings(user.tenantId, originOf(req)));
  },

  async updateSettings(req) {
    const signedIn = requireUser(req);
    return json(
      await updateSettings(
        signedIn.user.tenantId,
        parseBody(req, messagingSettingsSchema),
        actorOf(signedIn),
        originOf(req),
      ),
    );
  },

  async smsCallback(req) {
    return json(await handleSmsCallback(req.params.tenantId ?? '', rawBody(req), req.event.headers ?? {}));
  },

  async whatsappCallback(req) {
    return json(await handleWhatsappCallback(req.params.tenantId ?? '', rawBody(req), req.event.headers ?? {}));
  },

  /** SES delivery events, posted by SNS (the signature of SNS verified). */
  async sesCallback(req) {
    return json(await handleSesEvent(rawBody(req)));
  },
});
