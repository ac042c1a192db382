// Every API call the specification lists is served (issue 51: "all 86 of the spec's routes answer").
// The calls are read from the "calls it makes" section (§7) of each ../shared/spec/*.md, as written:
// "GET /api/x", several paths after one method ("POST /api/a, /api/b and /api/c"), a path's siblings
// ("GET /api/s/{id}/endpoints, /webhooks and /logs") and alternatives ("PUT /api/wms/{a|b}/{id}").
// Each must match a route of the table (shared/routes.ts) with its method, a literal segment of the
// spec ('default') matching the table's parameter as it does at run time.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchRoute } from '../../shared/routes';

/** The spec beside the repository (CI keeps a copy of shared/ there); SPEC_DIR names another. */
const SPEC_DIR = process.env.SPEC_DIR ?? join(import.meta.dirname, '..', '..', '..', 'shared', 'spec');

/** The text of a file's section 7 ("## 7. The calls it makes"), up to the next "## " heading. */
function callsSection(markdown: string): string {
  const start = markdown.search(/^## 7\b.*$/m);
  if (start < 0) return '';
  const rest = markdown.slice(start).replace(/^## 7\b.*$/m, '');
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** "/api/wms/{facilities|zones}/{id}" -> one path per alternative; a {name} without '|' is a parameter. */
function expand(path: string): string[] {
  const choice = /\{([^{}]*\|[^{}]*)\}/.exec(path);
  if (!choice) return [path];
  return choice[1]!
    .split('|')
    .flatMap((alt) => expand(path.slice(0, choice.index) + alt.trim() + path.slice(choice.index + choice[0].length)));
}

/** The calls (METHOD path) a section names, in its order, each once. */
function specCalls(section: string): string[] {
  const calls: string[] = [];
  const token = /\b(GET|POST|PUT|PATCH|DELETE)\b|(\/api\/[\w\-{}|/]+)|(?:(?<=, )|(?<=and ))(\/[\w-]+)(?![\w/])/g;
  for (const line of section.split('\n')) {
    let method: string | null = null;
    let last: string | null = null;
    for (const m of line.matchAll(token)) {
      if (m[1]) method = m[1];
      else if (m[2] && method) {
        last = m[2].replace(/\/$/, '');
        calls.push(...expand(last).map((p) => `${method} ${p}`));
      } else if (m[3] && method && last) {
        // A sibling of the previous path: its last segment replaced.
        calls.push(`${method} ${last.replace(/\/[^/]+$/, m[3])}`);
      }
    }
  }
  return [...new Set(calls)];
}

const specFiles = existsSync(SPEC_DIR) ? readdirSync(SPEC_DIR).filter((f) => f.endsWith('.md')) : [];
const calls = [
  ...new Set(specFiles.flatMap((file) => specCalls(callsSection(readFileSync(join(SPEC_DIR, file), 'utf8'))))),
];

describe("the specification's API routes", () => {
  it('reads the calls of the spec, written in each of its forms', () => {
    expect(specFiles.length, `no spec at ${SPEC_DIR} (set SPEC_DIR)`).toBeGreaterThanOrEqual(3);
    expect(
      specCalls(
        [
          '- GET /api/a/{id}/endpoints, /webhooks and /logs.',
          '- POST /api/x, /api/y and /api/z. Each body...',
          '- PUT /api/w/{p|q}/{id}, with the fields.',
          '- PATCH /api/r/{id}/approve and PATCH /api/r/{id}/deny. Then goes to /login.',
          '| GET /api/auth/user | no-cache header |',
        ].join('\n'),
      ),
    ).toEqual([
      'GET /api/a/{id}/endpoints',
      'GET /api/a/{id}/webhooks',
      'GET /api/a/{id}/logs',
      'POST /api/x',
      'POST /api/y',
      'POST /api/z',
      'PUT /api/w/p/{id}',
      'PUT /api/w/q/{id}',
      'PATCH /api/r/{id}/approve',
      'PATCH /api/r/{id}/deny',
      'GET /api/auth/user',
    ]);
    // The count as of issue 51 (2026-12-03); a spec that lists more is checked just the same.
    expect(calls.length).toBeGreaterThanOrEqual(86);
  });

  it('serves every one of them from the route table', () => {
    const missing = calls.filter((call) => {
      const [method, path] = call.split(' ') as [string, string];
      return !matchRoute(method, path);
    });
    expect(missing).toEqual([]);
  });
});
