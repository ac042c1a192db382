// Makes a provider request: HTTP through the kernel's outbound port (5xx, timeouts and network errors
// may be retried; any other refusal is final), SNS Publish or SES SendEmail. A failure says what
// happened (status, its standard reason and at most the provider's short error message, or the port's
// cause), never the answer's body: a tenant sets the provider URL, so whatever it reaches is not echoed. With MESSAGING_MODE=local nothing
// leaves the machine: the exact request (secrets masked) goes to the local sink (../outbox.ts).
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { SendEmailCommand, SESClient } from '@aws-sdk/client-ses';
import { awsClientOptions, withRequestDeadline } from '../../lib/aws';
import { callOutbound, OutboundError } from '../../lib/outbound';
import { isLocalMessaging } from '../channel';
import { recordInSink } from '../outbox';
import { ProviderError, SECRET_HEADERS, type ProviderMessage, type ProviderRequest } from './types';

/** A provider that answers later than this has failed (the message is retried, then failed over). */
export const providerTimeoutMs = () => Number(process.env.MESSAGING_PROVIDER_TIMEOUT_MS ?? 4000);

let sns: SNSClient | undefined;
let ses: SESClient | undefined;

/** The request as the sink and the logs show it: every secret header masked. */
export function visibleRequest(request: ProviderRequest): Record<string, unknown> {
  if (request.kind !== 'http') return { ...request };
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([k, v]) => [k, SECRET_HEADERS.includes(k.toLowerCase()) ? '***' : v]),
  );
  return { ...request, headers };
}

/**
 * The provider's own error message, when the answer is JSON of a provider's error shape (Exotel's
 * RestException.Message, the Graph API's error.message): printable characters only, at most 120.
 * Nothing else of an answer is kept, so whatever a URL reaches, its body does not reach the tenant.
 */
export function providerReason(text: string): string | null {
  let parsed: { RestException?: { Message?: unknown }; error?: { message?: unknown } };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    return null;
  }
  const message = parsed?.RestException?.Message ?? parsed?.error?.message;
  if (typeof message !== 'string') return null;
  const printable = message
    .replace(/[^\p{L}\p{N}\p{P}\p{Zs}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return printable ? printable.slice(0, 120) : null;
}

/** A provider's answer is a small JSON document; anything larger is not one. */
const MAX_ANSWER_BYTES = 64 * 1024;

async function sendHttp(request: Extract<ProviderRequest, { kind: 'http' }>): Promise<unknown> {
  let res;
  try {
    res = await callOutbound({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: request.body,
      timeoutMs: providerTimeoutMs(),
      maxBytes: MAX_ANSWER_BYTES,
    });
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    // A refused address stays refused; anything else may pass.
    if (err.requestSent)
      throw new ProviderError(
        err.failure === 'TIMEOUT'
          ? `No answer within ${providerTimeoutMs()} ms after the provider got the message`
          : `The connection failed after the provider got the message: ${err.message}`,
        false,
        true,
      );
    throw new ProviderError(
      err.failure === 'TIMEOUT' ? `No answer within ${providerTimeoutMs()} ms` : `Provider unreachable: ${err.message}`,
      err.failure !== 'BLOCKED_ADDRESS',
    );
  }
  const text = res.text;
  if (res.status < 200 || res.status >= 300) {
    const reason = providerReason(text);
    throw new ProviderError(
      `Provider answered ${res.status} (${STATUS_CODES[res.status] ?? 'unknown status'})${reason ? `: ${reason}` : ''}`,
      res.status >= 500 || res.status === 429,
    );
  }
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

async function sendAws(request: Exclude<ProviderRequest, { kind: 'http' }>): Promise<unknown> {
  try {
    if (request.kind === 'sns')
      return await (sns ??= withRequestDeadline(new SNSClient(awsClientOptions()))).send(
        new PublishCommand(request.input),
      );
    return await (ses ??= withRequestDeadline(new SESClient(awsClientOptions()))).send(
      new SendEmailCommand(request.input),
    );
  } catch (err) {
    const e = err as Error & { $fault?: string; $retryable?: unknown };
    throw new ProviderError(
      `${request.kind.toUpperCase()}: ${e.name}: ${e.message}`,
      e.$fault === 'server' || Boolean(e.$retryable) || e.name === 'TimeoutError',
    );
  }
}

/**
 * Locally, the providers the local stack fakes on loopback (LOCAL_PROVIDER_FAKES: their base URLs,
 * comma separated; the fake WhatsApp Cloud API of issue #56): a request to one is recorded in the sink
 * and made too, so the fake answers it as the provider would. Nothing else leaves the sink.
 */
function toLocalFake(request: ProviderRequest): request is Extract<ProviderRequest, { kind: 'http' }> {
  if (request.kind !== 'http') return false;
  const fakes = (process.env.LOCAL_PROVIDER_FAKES ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  return fakes.some((base) => request.url.startsWith(`${base}/`));
}

/** Sends the request; answers the provider's answer (locally, the sink's receipt). */
export async function sendRequest(
  provider: string,
  message: ProviderMessage,
  request: ProviderRequest,
  now: Date,
): Promise<unknown> {
  if (isLocalMessaging()) {
    const fake = toLocalFake(request);
    const receipt = `local-${randomUUID()}`;
    await recordInSink(
      {
        messageId: message.id,
        provider,
        channel: message.channel,
        to: message.to,
        subject: message.subject ?? undefined,
        body: message.body,
        request: visibleRequest(request),
        receipt,
      },
      now,
    );
    if (fake) return sendHttp(request);
    // Shaped like each provider's own answer, so the adapter reads the id as it would deployed.
    return { SMSMessage: { Sid: receipt }, Call: { Sid: receipt }, messages: [{ id: receipt }], MessageId: receipt };
  }
  return request.kind === 'http' ? sendHttp(request) : sendAws(request);
}
