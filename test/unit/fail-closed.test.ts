// Fail closed (#28.7): local mode is asked for (STAGE=local), never assumed; a deployed function
// without its KMS key id refuses to start, and never uses the repo's passphrase for secrets.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.resetModules();
});

const eventWithoutOriginProof = {
  headers: {},
  requestContext: { http: { sourceIp: '203.0.113.9' } },
} as unknown as APIGatewayProxyEventV2;

describe('local mode', () => {
  it('is on only with STAGE=local', async () => {
    const { config } = await import('../../functions/lib/config');
    vi.stubEnv('STAGE', 'local');
    expect(config.localMode).toBe(true);
    for (const stage of [undefined, '', 'prod', 'Local', 'dev']) {
      vi.stubEnv('STAGE', stage);
      expect(config.localMode, String(stage)).toBe(false);
    }
  });

  it('without STAGE, the origin check is on: a request without the secret is refused', async () => {
    const { requireOriginProof } = await import('../../functions/lib/client-address');
    vi.stubEnv('STAGE', undefined);
    expect(() => requireOriginProof(eventWithoutOriginProof)).toThrow(
      "This API is reached only through the application's own address.",
    );
    vi.stubEnv('STAGE', 'local');
    expect(() => requireOriginProof(eventWithoutOriginProof)).not.toThrow();
  });

  it('without STAGE, the outbound allow-list is ignored', async () => {
    const { config } = await import('../../functions/lib/config');
    vi.stubEnv('OUTBOUND_ALLOW_ADDRESSES', '127.0.0.1');
    vi.stubEnv('STAGE', undefined);
    expect(config.outboundAllowedAddresses).toEqual([]);
    vi.stubEnv('STAGE', 'local');
    expect(config.outboundAllowedAddresses).toEqual(['127.0.0.1']);
  });
});

describe('a deployed function without its KMS key id', () => {
  it('refuses to start, saying why in the log', async () => {
    // Prepare: deployed (no local mode), no key id.
    vi.stubEnv('STAGE', 'prod');
    vi.stubEnv('SECRETS_KEY_ID', '');
    const { logger } = await import('../../functions/lib/logger');
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    // Act + Assess
    await expect(import('../../functions/lib/secrets')).rejects.toThrow(/SECRETS_KEY_ID is not set.*refusing to start/);
    expect(logged).toHaveBeenCalledWith(
      expect.stringMatching(/^SECRETS_KEY_ID is not set and local mode \(STAGE=local\) is off: refusing to start/),
    );
  });

  it('starts without STAGE only when the key id is there, and does not open a passphrase-sealed secret', async () => {
    // Prepare: a secret sealed locally with the repo's passphrase.
    vi.stubEnv('STAGE', 'local');
    const local = await import('../../functions/lib/secrets');
    const sealed = await local.sealSecret('t1', 'sk_live_123');
    vi.resetModules();
    // Act: the same code deployed, with its key.
    vi.stubEnv('STAGE', undefined);
    vi.stubEnv('SECRETS_KEY_ID', 'alias/secrets');
    const deployed = await import('../../functions/lib/secrets');
    // Assess
    await expect(deployed.openSecret('t1', sealed)).rejects.toThrow(
      'A passphrase-sealed secret is opened only in local mode',
    );
  });
});
