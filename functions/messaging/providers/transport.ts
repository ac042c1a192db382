// Makes a provider request: HTTP with a timeout (5xx, timeouts and network errors may be retried;
// any other refusal is final), SNS Publish or SES SendEmail. With MESSAGING_MODE=local nothing
// leaves the machine: the exact request (secrets masked) goes to the local sink (../outbox.ts).
import { randomUUID } from 'node:crypto';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { SendEmailCommand, SESClient } from '@aws-sdk/client-ses';
import { awsClientOptions } from '../../lib/aws';
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
  const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, SECRET_HEADERS.includes(k.toLowerCase()) ? '***' : v]));
  return { ...request, headers };
}

async function sendHttp(request: Extract<ProviderRequest, { kind: 'http' }>): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body, signal: AbortSignal.timeout(providerTimeoutMs()) });
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
    throw new ProviderError(timedOut ? `No answer within ${providerTimeoutMs()} ms` : `Provider unreachable: ${(err as Error).message}`, true);
  }
  const text = await res.text();
  if (!res.ok) throw new ProviderError(`Provider answered ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`, res.status >= 500 || res.status === 429);
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

async function sendAws(request: Exclude<ProviderRequest, { kind: 'http' }>): Promise<unknown> {
  try {
    if (request.kind === 'sns') return await (sns ??= new SNSClient(awsClientOptions())).send(new PublishCommand(request.input));
    return await (ses ??= new SESClient(awsClientOptions())).send(new SendEmailCommand(request.input));
  } catch (err) {
    const e = err as Error & { $fault?: string; $retryable?: unknown };
    throw new ProviderError(`${request.kind.toUpperCase()}: ${e.name}: ${e.message}`, e.$fault === 'server' || Boolean(e.$retryable) || e.name === 'TimeoutError');
  }
}

/** Sends the request; answers the provider's answer (locally, the sink's receipt). */
export async function sendRequest(provider: string, message: ProviderMessage, request: ProviderRequest, now: Date): Promise<unknown> {
  if (isLocalMessaging()) {
    const receipt = `local-${randomUUID()}`;
    await recordInSink({ messageId: message.id, provider, channel: message.channel, to: message.to, subject: message.subject ?? undefined, body: message.body, request: visibleRequest(request), receipt }, now);
    // Shaped like each provider's own answer, so the adapter reads the id as it would deployed.
    return { SMSMessage: { Sid: receipt }, Call: { Sid: receipt }, messages: [{ id: receipt }], MessageId: receipt };
  }
  return request.kind === 'http' ? sendHttp(request) : sendAws(request);
}
