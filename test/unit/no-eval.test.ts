import { describe, expect, it } from 'vitest';

describe("the SPA's zod configuration under a policy without eval", () => {
  it('turns off the eval probe in the configuration zod itself reads', async () => {
    await import('../../web/src/lib/no-eval');
    const z = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
