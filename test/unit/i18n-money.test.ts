// Money is Indian rupees (issue #29, "Rupees"): the ₹ sign and Indian digit grouping with paise, the
// same digits in English and Hindi, and no other currency in the product's code.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatRupees } from '../../web/src/lib/format';

const ROOT = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name.startsWith('dist') ? [] : sources(path);
    return /\.(tsx?|json)$/.test(name) ? [path] : [];
  });
}

describe('rupees', () => {
  it('writes paise as rupees with the ₹ sign and Indian grouping, in both languages', () => {
    for (const locale of ['en-IN', 'hi-IN'] as const) {
      expect(formatRupees(12345600, locale)).toBe('₹1,23,456.00');
      expect(formatRupees(123456789012, locale)).toBe('₹1,23,45,67,890.12');
      expect(formatRupees(1295, locale)).toBe('₹12.95');
      expect(formatRupees(5, locale)).toBe('₹0.05');
      expect(formatRupees(0, locale)).toBe('₹0.00');
    }
  });

  it('names no other currency in the product code', () => {
    const found = ['web/src', 'shared', 'functions']
      .flatMap((dir) => sources(join(ROOT, dir)))
      .filter((file) => /\bUSD\b|currency: '(?!INR')/.test(readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
