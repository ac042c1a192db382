import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from '../../functions/lib/secrets';

describe('tenant secrets', () => {
  afterEach(() => {
    delete process.env.SECRETS_KEY_ID;
  });

  it('locally seals with AES-GCM bound to the tenant: round trip, no plaintext, another tenant cannot open it', async () => {
    const sealed = await sealSecret('t1', 'sk_live_123');
    expect(sealed).not.toContain('sk_live_123');
    await expect(openSecret('t1', sealed)).resolves.toBe('sk_live_123');
    await expect(openSecret('t2', sealed)).rejects.toThrow();
    expect(await sealSecret('t1', 'sk_live_123')).not.toBe(sealed);
  });

  it('deployed, uses KMS with the tenant id as encryption context', async () => {
    process.env.SECRETS_KEY_ID = 'alias/secrets';
    const kms = mockClient(KMSClient);
    kms.on(EncryptCommand).resolves({ CiphertextBlob: Buffer.from('cipher') });
    kms.on(DecryptCommand).resolves({ Plaintext: Buffer.from('sk_live_123') });
    const sealed = await sealSecret('t1', 'sk_live_123');
    expect(kms.commandCalls(EncryptCommand)[0]!.args[0].input).toEqual({
      KeyId: 'alias/secrets',
      Plaintext: Buffer.from('sk_live_123'),
      EncryptionContext: { tenantId: 't1' },
    });
    await expect(openSecret('t1', sealed)).resolves.toBe('sk_live_123');
    expect(kms.commandCalls(DecryptCommand)[0]!.args[0].input.EncryptionContext).toEqual({ tenantId: 't1' });
    kms.restore();
  });
});
