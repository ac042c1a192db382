import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../functions/lib/passwords';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    // Prepare
    const stored = await hashPassword('Demo@12345');
    // Assess
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(stored).not.toContain('Demo@12345');
    expect(await verifyPassword('Demo@12345', stored)).toBe(true);
    expect(await verifyPassword('demo@12345', stored)).toBe(false);
  });

  it('salts each hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('refuses a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
  });
});
