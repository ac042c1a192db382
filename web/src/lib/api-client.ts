// The one API client: credentials on every call, JSON in and out, errors as "<status>: <body text>"
// (the spec's format), so callers can show the server's message or their own fallback.
import { noteReachable } from './reachability';
import { localeOf, readableDates } from './format';
import { i18n } from './i18n/translator';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's `message`, when the body is the API's error JSON. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.bodyText) as { message?: unknown };
      return typeof parsed.message === 'string' ? parsed.message : undefined;
    } catch {
      return undefined;
    }
  }

  get fieldErrors(): Record<string, string> {
    try {
      return (JSON.parse(this.bodyText) as { errors?: Record<string, string> }).errors ?? {};
    } catch {
      return {};
    }
  }
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The server's message of a failed call (its dates as the reader reads them), or the given fallback. */
export function messageOf(error: unknown, fallback: string): string {
  const message = error instanceof ApiError && error.serverMessage;
  return message ? readableDates(message, localeOf(i18n.language)) : fallback;
}

export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      method,
      credentials: 'include',
      // The server answers its messages in the page's language (functions/lib/http.ts).
      headers: {
        'Accept-Language': document.documentElement.lang || 'en',
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...init.headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    // No answer at all (no network, or none that reaches us); an abort is the caller's, not the network's.
    if (error instanceof TypeError) noteReachable(false);
    throw error;
  }
  noteReachable(true);
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(url: string, init?: RequestInit) => apiRequest<T>('GET', url, undefined, init),
  post: <T>(url: string, body?: unknown) => apiRequest<T>('POST', url, body),
  put: <T>(url: string, body?: unknown) => apiRequest<T>('PUT', url, body),
  patch: <T>(url: string, body?: unknown) => apiRequest<T>('PATCH', url, body),
  delete: <T>(url: string) => apiRequest<T>('DELETE', url),
};
