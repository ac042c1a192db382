import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from '../../functions/lib/passwords';

describe('password hashing', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('verifies the right password and refuses a wrong one', async () => {
    // Prepare
    const stored = await hashPassword('Demo@12345');
    // Assess
    expect(stored).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(stored).not.toContain('Demo@12345');
    expect(await verifyPassword('Demo@12345', stored)).toBe(true);
    expect(await verifyPassword('demo@12345', stored)).toBe(false);
  });

  it('hashes at 32 MB (N = 32768) as deployed, and at N = 4096 only in local mode', async () => {
    // Prepare: a deployed function has a STAGE other than local, or none
    vi.stubEnv('STAGE', 'prod');
    const deployed = await hashPassword('Demo@12345');
    vi.stubEnv('STAGE', undefined);
    const noStage = await hashPassword('Demo@12345');
    vi.stubEnv('STAGE', 'local');
    const local = await hashPassword('Demo@12345');
    // Assess
    expect(deployed).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(noStage).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(local).toMatch(/^scrypt\$4096\$8\$1\$/);
  });

  it('verifies a hash at the cost it names, whatever the mode', async () => {
    // Prepare
    vi.stubEnv('STAGE', 'local');
    const local = await hashPassword('Demo@12345');
    vi.stubEnv('STAGE', 'prod');
    const deployed = await hashPassword('Demo@12345');
    // Assess: deployed reads the local hash, local mode the deployed one
    expect(await verifyPassword('Demo@12345', local)).toBe(true);
    expect(await verifyPassword('Demo@1234', local)).toBe(false);
    vi.stubEnv('STAGE', 'local');
    expect(await verifyPassword('Demo@12345', deployed)).toBe(true);
  });

  it('salts each hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('refuses a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
  });
});
