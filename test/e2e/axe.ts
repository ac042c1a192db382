// The accessibility rule of every journey (issue #19): axe-core's WCAG 2.1 A and AA checks, and no
// serious or critical violation on a screen. One place for the rule; the walks of every screen in both
// languages run it on each screen they open (i18n-walk.spec.ts), the other journeys on their own.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/** axe-core's engine, put into the page by the check (the product has no frames). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.1 A and AA; only violations are gathered (the passes and the rest are not needed). */
const OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
};

/**
 * Serious or critical axe violations allowed on a route, by rule: none. A screen that cannot be fixed
 * at once is listed here with the reason, and the lead empties the list when it is.
 */
const KNOWN_VIOLATIONS: Record<string, string[]> = {};

/**
 * The page's serious and critical violations, each as `<where> <rule> (<impact>): <first elements>`.
 * axe-core's own axe.run in the page, the engine put in once per page load. @axe-core/playwright's
 * builder put it in twice on every check and brought back every rule's passes: 500-1,300 ms a screen
 * against 250-400 for the same rules and the same violations, measured on 2 cores on four
 * administrator screens (issue #54; the walks check about 150 screens).
 */
export async function seriousViolations(page: Page, where = ''): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: { run: (o: RunOptions) => Promise<AxeResults> } }).axe.run(options),
    OPTIONS,
  );
  const allowed = new Set(KNOWN_VIOLATIONS[where] ?? []);
  return results.violations
    .filter((v) => (v.impact === 'serious' || v.impact === 'critical') && !allowed.has(v.id))
    .map(
      (v) =>
        `${where ? `${where} ` : ''}${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}
