// The signed-link token's shape (functions/lib/signed-link.ts, issue #52.10): which id a token names in
// the scheme and in the one before it, and what is no link token at all. Signing, expiry and key
// rotation go through DynamoDB and are tested over HTTP (test/integration/signed-links.test.ts).
import { describe, expect, it } from 'vitest';
import { linkIdOf, linkToken, linkTokenMatches } from '../../functions/lib/signed-link';

const ID = 'AbCdEfGhIjKlMnOp';
const SIG = 'abcdefghijklmnopqrstuv';

describe('linkIdOf', () => {
  it('reads the id of a token of the scheme: id, expiry, key id, signature', () => {
    expect(linkIdOf(`${ID}~tabc12~k9_-~${SIG}`)).toBe(ID);
    // A gate QR's id is its facility link token (8 to 64 characters).
    expect(linkIdOf(`demo-bhiwandi~tabc12~k9_-~${SIG}`)).toBe('demo-bhiwandi');
  });

  it('reads the id of a token of the scheme before it (pass and choices links with ~, reslot links with .)', () => {
    expect(linkIdOf(`${ID}~${SIG}`)).toBe(ID);
    expect(linkIdOf(`${ID}.${SIG}`)).toBe(ID);
  });

  it('names no id for anything else', () => {
    for (const token of [
      '',
      'not-a-link',
      `${ID}~TABC12~k9_-~${SIG}`, // expiry in upper case: not base 36 as written
      `${ID}~tabc12~k9_~${SIG}`, // key id of 3
      `${ID}~tabc12~k9_-~${SIG}x`,
      `${ID}.tabc12.k9_-.${SIG}`,
      `${ID}~tabc12~k9_-~${SIG}~x`,
      `short~${SIG}`,
    ])
      expect(linkIdOf(token), token).toBeNull();
  });
});

describe('the old scheme (booking links)', () => {
  it('matches its own fields only', () => {
    const key = Buffer.alloc(32, 7);
    const token = linkToken(key, ID, ['tenant', 'facility']);
    expect(token).toMatch(/^AbCdEfGhIjKlMnOp~[A-Za-z0-9_-]{22}$/);
    expect(linkTokenMatches(key, token, ['tenant', 'facility'])).toBe(true);
    expect(linkTokenMatches(key, token, ['tenant', 'other'])).toBe(false);
    expect(linkTokenMatches(Buffer.alloc(32, 8), token, ['tenant', 'facility'])).toBe(false);
    expect(linkTokenMatches(key, token.replace('~', '.'), ['tenant', 'facility'])).toBe(false);
  });
});
