// Tenant credentials (provider API keys, integration secrets, registry passwords) are stored only
// encrypted and bound to their tenant: `sealSecret(tenantId, plaintext)` gives a string to keep in
// an item, `openSecret(tenantId, sealed)` gives the plaintext back for the call that needs it. No
// read answer ever carries either (stores return `hasSecret`-style flags instead).
// Deployed: AWS KMS Encrypt/Decrypt (SECRETS_KEY_ID) with the tenant id as encryption context, so a
// ciphertext copied to another tenant does not decrypt. In local mode only (config.localMode):
// AES-256-GCM with a key derived from LOCAL_SECRETS_KEY (a passphrase anyone can read in the repo) and
// the tenant id as additional data. Fail closed: a deployed function without SECRETS_KEY_ID refuses to
// start, and never seals or opens a passphrase-sealed secret.
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { awsClientOptions, endpointFor, withRequestDeadline } from './aws';
import { config } from './config';
import { logger } from './logger';
import { tracer } from './telemetry';

const KMS_PREFIX = 'kms:v1:';
const LOCAL_PREFIX = 'local:v1:';

let kmsClient: KMSClient | undefined;
const kms = () =>
  (kmsClient ??= withRequestDeadline(
    tracer.captureAWSv3Client(new KMSClient({ ...awsClientOptions(), endpoint: endpointFor('KMS') })),
  ));

const missingKeyLine =
  'SECRETS_KEY_ID is not set and local mode (STAGE=local) is off: refusing to start rather than seal tenant secrets with the passphrase in the repo';

/** Throws (and logs why) unless this process may handle secrets: a KMS key, or local mode. */
export function requireSecretsKey(): void {
  if (process.env.SECRETS_KEY_ID || config.localMode) return;
  logger.error(missingKeyLine);
  throw new Error(missingKeyLine);
}

// Checked when the function starts, not at its first secret: a misconfigured stage fails at once.
requireSecretsKey();

let localKey: Buffer | undefined;
function localCipherKey(): Buffer {
  localKey ??= scryptSync(process.env.LOCAL_SECRETS_KEY ?? 'docksaathi-local-secrets', 'docksaathi.secrets.v1', 32);
  return localKey;
}

export async function sealSecret(tenantId: string, plaintext: string): Promise<string> {
  requireSecretsKey();
  const keyId = process.env.SECRETS_KEY_ID;
  if (keyId) {
    const res = await kms().send(
      new EncryptCommand({ KeyId: keyId, Plaintext: Buffer.from(plaintext, 'utf8'), EncryptionContext: { tenantId } }),
    );
    if (!res.CiphertextBlob) throw new Error('KMS returned no ciphertext');
    return KMS_PREFIX + Buffer.from(res.CiphertextBlob).toString('base64');
  }
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', localCipherKey(), iv);
  cipher.setAAD(Buffer.from(tenantId, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return LOCAL_PREFIX + [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64')).join('.');
}

export async function openSecret(tenantId: string, sealed: string): Promise<string> {
  if (sealed.startsWith(KMS_PREFIX)) {
    const res = await kms().send(
      new DecryptCommand({
        CiphertextBlob: Buffer.from(sealed.slice(KMS_PREFIX.length), 'base64'),
        EncryptionContext: { tenantId },
      }),
    );
    if (!res.Plaintext) throw new Error('KMS returned no plaintext');
    return Buffer.from(res.Plaintext).toString('utf8');
  }
  if (!sealed.startsWith(LOCAL_PREFIX)) throw new Error('Not a sealed secret');
  if (!config.localMode) throw new Error('A passphrase-sealed secret is opened only in local mode');
  const [iv, tag, body] = sealed
    .slice(LOCAL_PREFIX.length)
    .split('.')
    .map((p) => Buffer.from(p, 'base64'));
  if (!iv || !tag || !body) throw new Error('Not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', localCipherKey(), iv);
  decipher.setAAD(Buffer.from(tenantId, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
