// A page of a list (shared/contracts/fields.ts pageQuery), as the contact inquiries and a webhook's
// delivery log take it from the query string: a cursor, and 1-100 items with the list's own default.
import { describe, expect, it } from 'vitest';
import { inquiryListQuerySchema } from '../../shared/contracts/contact';
import { deliveryLogQuerySchema } from '../../shared/contracts/integrations-webhooks';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('page query', () => {
  it("takes each list's own default and a limit sent as text", () => {
    expect(inquiryListQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(deliveryLogQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(deliveryLogQuerySchema.parse({ cursor: 'abc', limit: '100' })).toEqual({ cursor: 'abc', limit: 100 });
  });

  it('refuses a limit out of 1-100, a fraction, text, an unknown field and an over-long cursor', () => {
    expect(messages(inquiryListQuerySchema.safeParse({ limit: '0' }))).toEqual(['Limit must be between 1 and 100']);
    expect(messages(inquiryListQuerySchema.safeParse({ limit: '101' }))).toEqual(['Limit must be between 1 and 100']);
    expect(messages(inquiryListQuerySchema.safeParse({ limit: '2.5' }))).toEqual(['Must be a whole number']);
    expect(messages(deliveryLogQuerySchema.safeParse({ limit: 'ten' }))).toEqual(['Limit must be a number']);
    expect(deliveryLogQuerySchema.safeParse({ page: '2' }).success).toBe(false);
    expect(deliveryLogQuerySchema.safeParse({ cursor: 'x'.repeat(513) }).success).toBe(false);
  });
});
