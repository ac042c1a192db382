// The key of the pseudonyms (rules.ts pseudonymOf). Deployed: PSEUDONYM_KEY, set by the stack from a
// secret; a deployed function without it refuses to erase (fail closed: a guessable key would let
// anyone map a pseudonym back to a driver id). Locally a fixed key, as for sealed secrets.
import { config } from '../lib/config';
import { ServiceUnavailableError } from '../lib/errors';

export function pseudonymKey(): string {
  const key = process.env.PSEUDONYM_KEY;
  if (key) return key;
  if (config.localMode) return 'docksaathi-local-pseudonyms';
  throw new ServiceUnavailableError('Erasure is not available: no pseudonym key is set');
}
