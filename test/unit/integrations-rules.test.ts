// The pure rules of integrations and our Standard Webhooks signatures against the reference library
// (both ways). The outbound port's guard is tested in test/unit/outbound.test.ts.
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  connectionStatus,
  deliveryFailure,
  maskAuthConfig,
  maskSecret,
  pageOf,
  retryDelaySeconds,
} from '../../functions/integrations/rules';
import { newSigningSecret, signedHeaders, verify } from '../../functions/integrations/signatures';
import { rateExpression } from '../../functions/integrations/schedules';

describe('masking', () => {
  it('shows at most the last 4 characters, and none of a short secret', () => {
    expect(maskSecret('abcdefghijkl')).toBe('••••ijkl');
    expect(maskSecret('abcdefghijk')).toBe('••••');
    expect(maskAuthConfig({ username: 'dock', password: 'very-long-password', apiKey: '' })).toEqual({
      username: 'dock',
      password: '••••word',
    });
  });
});

describe('Standard Webhooks signatures', () => {
  it('are verified by the reference library, and ours verify the reference library', () => {
    // Prepare
    const secret = newSigningSecret();
    const body = JSON.stringify({ type: 'appointment.created', data: { appointmentId: 'a1' } });
    // Act
    const at = new Date();
    const seconds = String(Math.floor(at.getTime() / 1000));
    const ours = signedHeaders(secret, 'msg_1', body, at);
    const theirs = new Webhook(secret).sign('msg_2', at, body);
    // Assess
    expect(new Webhook(secret).verify(body, ours)).toEqual(JSON.parse(body));
    expect(verify(secret, { id: 'msg_2', timestamp: seconds, signature: theirs }, body, at)).toBeNull();
    expect(verify(secret, { id: 'msg_2', timestamp: seconds, signature: `v1,AAAA ${theirs}` }, body, at)).toBeNull();
    expect(verify(secret, { id: 'msg_3', timestamp: seconds, signature: theirs }, body, at)).toBe('BAD_SIGNATURE');
    expect(
      verify(secret, { id: 'msg_2', timestamp: seconds, signature: theirs }, body, new Date(at.getTime() + 301_000)),
    ).toBe('STALE_TIMESTAMP');
    expect(verify(secret, { id: 'msg_1' }, body)).toBe('MISSING_HEADERS');
  });
});

describe('schedules, retries, status and pages', () => {
  it('turns a sync frequency into a whole-minute rate', () => {
    expect(rateExpression(300)).toBe('rate(5 minutes)');
    expect(rateExpression(60)).toBe('rate(1 minute)');
    expect(rateExpression(89)).toBe('rate(1 minute)');
  });

  it('backs off exponentially from 30 s up to an hour', () => {
    expect([1, 2, 3, 4, 10].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 3600]);
  });

  it('derives the connection status from the claim, the latest test and the last sync', () => {
    const base = { syncingSince: null, lastSyncStatus: null, lastSync: null, lastTest: null };
    expect(connectionStatus(base)).toBeNull();
    expect(connectionStatus({ ...base, syncingSince: '2026-01-01T00:00:00Z', lastSyncStatus: 'FAILED' })).toBe(
      'SYNCING',
    );
    expect(connectionStatus({ ...base, lastSyncStatus: 'SUCCESS', lastSync: '2026-01-01T00:00:00Z' })).toBe(
      'CONNECTED',
    );
    expect(
      connectionStatus({
        ...base,
        lastSyncStatus: 'SUCCESS',
        lastSync: '2026-01-01T00:00:00Z',
        lastTest: { success: false, at: '2026-01-02T00:00:00Z' },
      }),
    ).toBe('ERROR');
  });

  it('reads a page as { data, nextPage } or a bare array, and nothing else', () => {
    expect(pageOf({ data: [1, 2], nextPage: 3 })).toEqual({ records: [1, 2], nextPage: '3' });
    expect(pageOf([1])).toEqual({ records: [1], nextPage: null });
    expect(pageOf({ items: [] })).toBeNull();
  });
});

describe('why a webhook delivery failed (issue #29.5)', () => {
  it('reads the reason from the status, or from why no answer came', () => {
    expect(deliveryFailure({ statusCode: 200 })).toBeNull();
    expect(deliveryFailure({ statusCode: 299 })).toBeNull();
    expect(deliveryFailure({ statusCode: 401 })).toBe('UNAUTHORIZED');
    expect(deliveryFailure({ statusCode: 403 })).toBe('UNAUTHORIZED');
    expect(deliveryFailure({ statusCode: 404 })).toBe('NOT_FOUND');
    expect(deliveryFailure({ statusCode: 410 })).toBe('NOT_FOUND');
    expect(deliveryFailure({ statusCode: 500 })).toBe('SERVER_ERROR');
    expect(deliveryFailure({ statusCode: 504 })).toBe('SERVER_ERROR');
    expect(deliveryFailure({ statusCode: 301 })).toBe('UNEXPECTED_STATUS');
    expect(deliveryFailure({ statusCode: 400 })).toBe('UNEXPECTED_STATUS');
    expect(deliveryFailure({ statusCode: 429 })).toBe('UNEXPECTED_STATUS');
    expect(deliveryFailure({ unreachable: 'TIMEOUT' })).toBe('TIMEOUT');
    expect(deliveryFailure({ unreachable: 'DNS' })).toBe('DNS');
    expect(deliveryFailure({ unreachable: 'REFUSED' })).toBe('REFUSED');
  });
});
