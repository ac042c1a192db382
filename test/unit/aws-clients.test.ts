// The product's AWS clients: configured once (functions/lib/aws.ts) for every function.
import { describe, expect, it } from 'vitest';
import { ddb, eventBridge, s3 } from '../../functions/lib/aws';

describe('AWS clients', () => {
  it("run without the SDK's logger middleware, which walks every answer through a filter for a logger that prints nothing", () => {
    for (const client of [ddb(), s3(), eventBridge()]) {
      const names = client.middlewareStack.identify();
      expect(names.some((n) => n.startsWith('loggerMiddleware'))).toBe(false);
      expect(names.some((n) => n.startsWith('retryMiddleware'))).toBe(true);
    }
  });
});
