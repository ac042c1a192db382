// Fields without a message of their own get a clear one, never zod's generic text; a schema's own
// (the spec's) message always wins.
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { fieldLabel } from '../../shared/contracts/zod-messages';

describe('default validation texts', () => {
  it('say a missing field is required, a wrong type what it must be, and a non-object body what it must be', () => {
    const schema = z.strictObject({
      code: z.string(),
      userData: z.object({ a: z.string() }),
      phone: z.string({ error: 'Please enter a phone number' }),
      count: z.number(),
    });
    const issues = schema
      .safeParse({ userData: 5, phone: 3, count: 'x' })
      .error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['code', 'Code is required'],
      ['userData', 'User data must be an object'],
      ['phone', 'Please enter a phone number'],
      ['count', 'Count must be a number'],
    ]);
    expect(z.object({}).safeParse(null).error!.issues[0]!.message).toBe('The request body must be a JSON object');
    expect(fieldLabel('licenseNumber')).toBe('License number');
  });

  it('give an optional field written as empty, null or a value the value’s own message when it is filled wrongly', () => {
    const schema = z.strictObject({
      email: z.union([z.literal(''), z.null(), z.email('Please enter a valid email address')]),
      size: z.union([z.literal(''), z.enum(['S', 'M'])]),
    });
    const issues = schema
      .safeParse({ email: 'staff@', size: 'XL' })
      .error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['email', 'Please enter a valid email address'],
      ['size', 'Size must be one of S, M'],
    ]);
    // Two real choices left open: no guess, the field is said to be not valid.
    const either = z.object({
      id: z.union([
        z.email('Please enter a valid email address'),
        z.string().check(z.regex(/^\d{10}$/, 'Enter a valid 10-digit mobile number')),
      ]),
    });
    expect(either.safeParse({ id: 'abc' }).error!.issues[0]!.message).toBe('Id is not valid');
  });
});
