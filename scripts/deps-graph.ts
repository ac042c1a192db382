// `npm run deps`: dependency-cruiser's report drawn as the domain graph in docs/domain-graph.md
// (mermaid, so GitHub renders it without tools). The picture is generated from the imports, never
// drawn by hand; `--check` (in `npm run deps:check`, part of `npm test`) fails when the file is stale,
// when the written-down direction (DOMAINS in .dependency-cruiser.cjs) has a circle, or when an
// arrow points upward (from a domain to one ranked at or above it).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = resolve(ROOT, 'docs/domain-graph.md');
const FOLDERS = ['functions', 'shared', 'web/src', 'scripts', 'lib', 'bin'];

interface Cruised {
  modules: { source: string; dependencies: { resolved: string }[] }[];
}

export type DomainUses = Record<string, string[]>;

/**
 * Each domain's rank: 0 for one that uses none, else one above the highest it uses. A circle throws,
 * unless `tolerate` (the web features, whose direction is read from their imports): then the use that
 * closes it is left out of the ranking, so it is drawn as an upward arrow and fails the check.
 */
export function rankDomains(uses: DomainUses, tolerate = false): Map<string, number> {
  const ranks = new Map<string, number>();
  const visiting = new Set<string>();
  const rankOf = (domain: string, path: string[]): number => {
    const known = ranks.get(domain);
    if (known !== undefined) return known;
    if (visiting.has(domain)) {
      if (tolerate) return -1;
      throw new Error(`DOMAINS has a circle: ${[...path, domain].join(' -> ')}`);
    }
    if (!uses[domain]) throw new Error(`DOMAINS names ${domain}, which is not a domain (${path.join(' -> ')})`);
    visiting.add(domain);
    const rank = Math.max(-1, ...uses[domain].map((u) => rankOf(u, [...path, domain]))) + 1;
    visiting.delete(domain);
    ranks.set(domain, rank);
    return rank;
  };
  for (const domain of Object.keys(uses)) rankOf(domain, []);
  return ranks;
}

/** The part of the product a module belongs to, in the graph's words. */
export function partOf(path: string): { layer: 'kernel' | 'domain' | 'feature' | 'composition'; name: string } | null {
  const server = /^functions\/([^/]+)\//.exec(path);
  if (server) {
    if (server[1] === 'lib') return { layer: 'kernel', name: 'kernel' };
    if (server[1] === 'local') return { layer: 'composition', name: 'local stack' };
    return { layer: 'domain', name: server[1]! };
  }
  if (/^functions\/(registry|api)\.ts$/.test(path)) return { layer: 'composition', name: 'route table' };
  if (path === 'functions/workers.ts') return { layer: 'composition', name: 'workers registry' };
  if (/^(lib|bin)\//.test(path)) return { layer: 'composition', name: 'CDK' };
  const feature = /^web\/src\/features\/([^/]+)\//.exec(path);
  if (feature) return { layer: 'feature', name: feature[1]! };
  if (/^web\/src\/(app\/|main\.tsx$)/.test(path)) return { layer: 'composition', name: 'SPA shell' };
  if (/^(shared\/|web\/src\/(lib|components)\/)/.test(path)) return { layer: 'kernel', name: 'kernel' };
  return null;
}

export interface Arrow {
  from: string;
  to: string;
  imports: number;
}

/** Arrows between the parts of one layer pair, counted by import. */
export function arrowsOf(
  cruised: Cruised,
  keep: (from: ReturnType<typeof partOf>, to: ReturnType<typeof partOf>) => boolean,
) {
  const counts = new Map<string, number>();
  for (const m of cruised.modules) {
    const from = partOf(m.source);
    for (const d of m.dependencies) {
      const to = partOf(d.resolved);
      if (!from || !to || from.name === to.name || !keep(from, to)) continue;
      const key = `${from.name}\t${to.name}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return [...counts]
    .map(([key, imports]) => {
      const [from, to] = key.split('\t') as [string, string];
      return { from, to, imports };
    })
    .sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

/** Arrows that point at a part ranked at or above their start: the graph's upward arrows. */
export function upwardArrows(arrows: Arrow[], ranks: Map<string, number>): Arrow[] {
  return arrows.filter((a) => (ranks.get(a.to) ?? Infinity) >= (ranks.get(a.from) ?? -Infinity));
}

/** Ranks of parts that are not written down in DOMAINS (the web features): by their arrows. */
function ranksByArrows(names: string[], arrows: Arrow[]): Map<string, number> {
  const uses: DomainUses = Object.fromEntries(names.map((n) => [n, [] as string[]]));
  for (const a of arrows) uses[a.from]!.push(a.to);
  return rankDomains(uses, true);
}

const id = (name: string) => name.replace(/[^A-Za-z0-9]/g, '_');

function mermaid(title: string, ranks: Map<string, number>, arrows: Arrow[], composition: Arrow[]): string {
  const byRank = new Map<number, string[]>();
  for (const [name, rank] of ranks) byRank.set(rank, [...(byRank.get(rank) ?? []), name].sort());
  const lines = ['```mermaid', 'flowchart TB'];
  const users = [...new Set(composition.map((a) => a.from))].sort();
  if (users.length) {
    lines.push('  subgraph composition');
    for (const u of users) lines.push(`    ${id(u)}["${u}"]`);
    lines.push('  end');
  }
  lines.push(`  subgraph ${id(title)}["${title}"]`);
  for (const rank of [...byRank.keys()].sort((a, b) => b - a)) {
    lines.push(`    subgraph rank${rank}["rank ${rank}"]`, '      direction LR');
    for (const name of byRank.get(rank)!) lines.push(`      ${id(name)}["${name}"]`);
    lines.push('    end');
  }
  lines.push('  end', '  kernel[("kernel: shared/, functions/lib/, web/src/lib, web/src/components")]');
  for (const u of users) lines.push(`  ${id(u)} --> ${id(title)}`);
  lines.push(`  ${id(title)} --> kernel`);
  for (const a of arrows) lines.push(`  ${id(a.from)} --> ${id(a.to)}`);
  lines.push('```');
  return lines.join('\n');
}

export function render(cruised: Cruised, domains: DomainUses): { text: string; upward: Arrow[] } {
  const ranks = rankDomains(domains);
  const serverArrows = arrowsOf(cruised, (f, t) => f?.layer === 'domain' && t?.layer === 'domain');
  const serverComposition = arrowsOf(cruised, (f, t) => f?.layer === 'composition' && t?.layer === 'domain');
  const features = [...new Set(cruised.modules.map((m) => partOf(m.source)).filter((p) => p?.layer === 'feature'))]
    .map((p) => p!.name)
    .sort();
  const featureArrows = arrowsOf(cruised, (f, t) => f?.layer === 'feature' && t?.layer === 'feature');
  const webComposition = arrowsOf(cruised, (f, t) => f?.name === 'SPA shell' && t?.layer === 'feature');
  const featureRanks = ranksByArrows(features, featureArrows);
  const upward = [...upwardArrows(serverArrows, ranks), ...upwardArrows(featureArrows, featureRanks)];
  const table = Object.keys(domains)
    .sort((a, b) => ranks.get(a)! - ranks.get(b)! || a.localeCompare(b))
    .map((d) => {
      const used = serverArrows.filter((a) => a.from === d).map((a) => `${a.to} (${a.imports})`);
      return `| ${ranks.get(d)} | \`${d}\` | ${domains[d]!.join(', ') || '—'} | ${used.join(', ') || '—'} |`;
    });
  const text = [
    '# Domain graph',
    '',
    '<!-- Generated by `npm run deps` (scripts/deps-graph.ts) from the imports; do not edit by hand. -->',
    '',
    'Every arrow is a use (an import), and points down: a domain uses only domains of a lower rank, through',
    'their `index.ts` (docs/architecture.md §1; the ranks follow the lists in `.dependency-cruiser.cjs`).',
    'The kernel is used by all and uses none; the composition uses the domains and is used by none.',
    '',
    '## Server domains (`functions/<d>/`)',
    '',
    mermaid('domains', ranks, serverArrows, serverComposition),
    '',
    '| rank | domain | may use (written down) | uses now (imports) |',
    '| ---- | ------ | ---------------------- | ------------------ |',
    ...table,
    '',
    '## Web features (`web/src/features/<f>/`)',
    '',
    mermaid('features', featureRanks, featureArrows, webComposition),
    '',
  ].join('\n');
  return { text, upward };
}

/** dependency-cruiser's JSON report; it exits non-zero on violations, which `depcruise` (err) reports, not this. */
function cruiseJson(): string {
  const args = [...FOLDERS, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'];
  try {
    return execFileSync(resolve(ROOT, 'node_modules/.bin/depcruise'), args, {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch (err) {
    const stdout = (err as { stdout?: string }).stdout;
    if (stdout?.startsWith('{')) return stdout;
    throw err;
  }
}

async function main() {
  const check = process.argv.includes('--check');
  const domains = (createRequire(import.meta.url)(resolve(ROOT, '.dependency-cruiser.cjs')) as { DOMAINS: DomainUses })
    .DOMAINS;
  const json = cruiseJson();
  const rendered = render(JSON.parse(json) as Cruised, domains);
  const { upward } = rendered;
  // Formatted as `npm run format` would, so the committed file and a fresh drawing compare equal.
  const text = await format(rendered.text, { ...(await resolveConfig(OUT)), filepath: OUT });
  if (upward.length) {
    console.error(`Upward arrows:\n${upward.map((a) => `  ${a.from} -> ${a.to} (${a.imports} imports)`).join('\n')}`);
    process.exitCode = 1;
  }
  if (check) {
    const current = readFileSync(OUT, 'utf8');
    if (current !== text) {
      console.error('docs/domain-graph.md is stale: run `npm run deps` and commit it.');
      process.exitCode = 1;
    }
  } else {
    writeFileSync(OUT, text);
    console.log(`Wrote ${OUT}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();
