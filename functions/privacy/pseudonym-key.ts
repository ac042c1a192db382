// The key of the pseudonyms (rules.ts pseudonymOf): the tenant's own, made on first use and sealed like
// every tenant secret (functions/lib/secrets.ts: KMS when deployed), so a deployment needs nothing
// provisioned, no tenant's key opens another's pseudonyms, and nobody without the key can map
// "Driver #7f3a" back to a driver. Closing a tenant erases the key with the rest of its items.
import { linkSigningKey } from '../lib/signed-link';
import { tenantPk } from '../lib/table';

export async function pseudonymKey(tenantId: string): Promise<string> {
  const key = { PK: tenantPk(tenantId, 'PRIVACY'), SK: 'PSEUDONYM-KEY' };
  return (await linkSigningKey(tenantId, key, 'pseudonym-key')).toString('base64');
}
