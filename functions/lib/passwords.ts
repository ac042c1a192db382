// Password hashing with scrypt (memory-hard, built into node:crypto). Stored as
// scrypt$N$r$p$salt$hash so the cost can be raised later without breaking old hashes.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { config } from './config';

/** scrypt's cost as deployed: 32 MB and about 0.2 CPU-s a hash on a 2-core machine. */
export const DEPLOYED_COST = 2 ** 15;
/**
 * The cost in local mode (npm start and the tests' local stacks, functions/lib/config.ts): the same
 * code at an eighth of the work, for a machine's own demo accounts. The suite signs in and registers
 * about a thousand times, and at the deployed cost that was about 5 % of its CPU (issue #54).
 * A stored hash names its own cost, so each verifies at the cost it was made with.
 */
export const LOCAL_COST = 2 ** 12;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

function options(n: number, r: number, p: number): ScryptOptions {
  return { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 };
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const N = config.localMode ? LOCAL_COST : DEPLOYED_COST;
  const key = await scrypt(password, salt, options(N, R, P));
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), options(Number(n), Number(r), Number(p)));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of nothing, verified against when the account does not exist, so both paths cost the same. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}
