// The accessibility rule of every journey (issue #19): axe-core's WCAG 2.1 A and AA checks, and no
// serious or critical violation on a screen. One place for the rule; the walks of every screen in both
// languages run it on each screen they open (i18n-walk.spec.ts), the other journeys on their own.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Serious or critical axe violations allowed on a route, by rule: none. A screen that cannot be fixed
 * at once is listed here with the reason, and the lead empties the list when it is.
 */
const KNOWN_VIOLATIONS: Record<string, string[]> = {};

/**
 * The page's serious and critical violations, each as `<where> <rule> (<impact>): <first elements>`.
 * Run in the page itself (axe's legacy mode): the default opens a blank page for every check to merge
 * the frames' results in, a fifth of the walks' time (issue #54), and the product has no frames.
 */
export async function seriousViolations(page: Page, where = ''): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
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
