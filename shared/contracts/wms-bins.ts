// A facility's bin codes and bins made in bulk from a range (issue #29, warehouse set-up at a hub's
// size): the pattern setting, the codes a pattern makes, and the range the Bins tab sends. Shared by
// the range form's live preview and the server, so both count and spell the same codes.
import * as z from 'zod/mini';
import { seenRevision } from './fields';
import { binInputSchema } from './wms';

/**
 * How a facility spells its bin codes (docs/decisions.md, warehouse): {aisle}, {rack} and {level}
 * once each, a width after a colon pads a number with zeros ({rack:2} makes 07), and between them
 * letters, digits and - _ . /. A facility that has not saved one makes ranges with the default and
 * takes any single code; once saved, single bins are checked against it too.
 */
export const DEFAULT_BIN_CODE_PATTERN = '{aisle}-{rack:2}-{level}';
/** The most bins one range makes (a bigger warehouse is set up in a few ranges). */
export const MAX_BINS_PER_RANGE = 1000;
const TOKEN = /\{(aisle|rack|level)(?::([1-4]))?\}/g;

export interface BinPlace {
  aisle: string;
  rack: number;
  level: number;
}

function patternProblem(pattern: string): 'parts' | 'between' | null {
  const names = [...pattern.matchAll(TOKEN)].map((m) => m[1]);
  if (names.length !== 3 || new Set(names).size !== 3) return 'parts';
  return /^[A-Za-z0-9_./-]*$/.test(pattern.replace(TOKEN, '')) ? null : 'between';
}

export const binCodePatternSchema = z.string({ error: 'Bin code pattern is required' }).check(
  z.trim(),
  z.minLength(1, 'Bin code pattern is required'),
  z.maxLength(40, 'Must be at most 40 characters'),
  z.superRefine((pattern, ctx) => {
    const problem = patternProblem(pattern);
    if (problem === 'parts')
      ctx.addIssue({ code: 'custom', message: 'A pattern has {aisle}, {rack} and {level} once each' });
    if (problem === 'between')
      ctx.addIssue({ code: 'custom', message: 'Between the parts use only letters, digits and - _ . /' });
  }),
);

export const wmsFacilitySettingsSchema = z.strictObject({
  binCodePattern: binCodePatternSchema,
  /** The revision the form loaded (settings changed since are refused with 409). */
  revision: seenRevision,
});
export type WmsFacilitySettingsInput = z.input<typeof wmsFacilitySettingsSchema>;

export interface WmsFacilitySettings {
  facilityId: string;
  binCodePattern: string;
  /** False until the facility saves a pattern: ranges use the default, single codes are free. */
  saved: boolean;
  revision: number;
  updatedAt: string | null;
}

/** The code of a place in a pattern: A, 7, 0 in '{aisle}-{rack:2}-{level}' make A-07-0. */
export function binCodeOf(pattern: string, place: BinPlace): string {
  return pattern.replace(TOKEN, (_, name: keyof BinPlace, width?: string) =>
    name === 'aisle' ? place.aisle : String(place[name]).padStart(Number(width ?? 1), '0'),
  );
}

/** Whether a code is spelled the facility's way (letters for the aisle, digits of at least the width). */
export function followsPattern(pattern: string, code: string): boolean {
  const literal = (text: string) => text.replace(/[./-]/g, '\\$&');
  let source = '';
  let rest = 0;
  for (const m of pattern.matchAll(TOKEN)) {
    source += literal(pattern.slice(rest, m.index));
    source += m[1] === 'aisle' ? '[A-Za-z]{1,3}' : `\\d{${Number(m[2] ?? 1)},4}`;
    rest = m.index + m[0].length;
  }
  return new RegExp(`^${source}${literal(pattern.slice(rest))}$`).test(code.trim());
}

const aisleLetter = (message: string) =>
  z.pipe(
    z.string({ error: message }).check(z.trim(), z.regex(/^[A-Za-z]$/, message)),
    z.transform((v) => v.toUpperCase()),
  );
const wholeBetween = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).check(z.int(message), z.gte(min, message), z.lte(max, message));

/** Bins made in bulk: every aisle × rack × level of the ranges, in one zone, with the single bin's details. */
export const binRangeSchema = z
  .extend(
    z.pick(binInputSchema, {
      zoneId: true,
      binType: true,
      status: true,
      capacity: true,
      isPickable: true,
      isReceivable: true,
    }),
    {
      aisleFrom: aisleLetter('Aisle is one letter from A to Z'),
      aisleTo: aisleLetter('Aisle is one letter from A to Z'),
      rackFrom: wholeBetween('Rack is a whole number from 1 to 999', 1, 999),
      rackTo: wholeBetween('Rack is a whole number from 1 to 999', 1, 999),
      levelFrom: wholeBetween('Level is a whole number from 0 to 99', 0, 99),
      levelTo: wholeBetween('Level is a whole number from 0 to 99', 0, 99),
    },
  )
  .check(
    z.superRefine((r, ctx) => {
      if (r.aisleTo < r.aisleFrom)
        ctx.addIssue({ code: 'custom', path: ['aisleTo'], message: 'The last aisle cannot come before the first' });
      if (r.rackTo < r.rackFrom)
        ctx.addIssue({ code: 'custom', path: ['rackTo'], message: 'The last rack cannot be below the first' });
      if (r.levelTo < r.levelFrom)
        ctx.addIssue({ code: 'custom', path: ['levelTo'], message: 'The last level cannot be below the first' });
      const count = binRangeCount(r);
      if (count > MAX_BINS_PER_RANGE)
        ctx.addIssue({
          code: 'custom',
          path: ['range'],
          message: `One range makes at most ${MAX_BINS_PER_RANGE} bins; this one would make ${count}`,
        });
    }),
  );
export type BinRangeInput = z.input<typeof binRangeSchema>;
export type BinRange = z.output<typeof binRangeSchema>;

type RangeBounds = Pick<BinRange, 'aisleFrom' | 'aisleTo' | 'rackFrom' | 'rackTo' | 'levelFrom' | 'levelTo'>;
const span = (from: number, to: number) => Math.max(0, to - from + 1);

/** How many bins a range makes: aisles × racks × levels. */
export function binRangeCount(r: RangeBounds): number {
  return (
    span(r.aisleFrom.charCodeAt(0), r.aisleTo.charCodeAt(0)) * span(r.rackFrom, r.rackTo) * span(r.levelFrom, r.levelTo)
  );
}

/** The places of a range with their codes, aisle by aisle, rack by rack, level by level. */
export function binRangePlaces(pattern: string, r: RangeBounds): (BinPlace & { code: string })[] {
  const places: (BinPlace & { code: string })[] = [];
  for (let a = r.aisleFrom.charCodeAt(0); a <= r.aisleTo.charCodeAt(0); a++)
    for (let rack = r.rackFrom; rack <= r.rackTo; rack++)
      for (let level = r.levelFrom; level <= r.levelTo; level++) {
        const place = { aisle: String.fromCharCode(a), rack, level };
        places.push({ ...place, code: binCodeOf(pattern, place) });
      }
  return places;
}

/** What a range made: every bin's id and code (the answer of POST /api/wms/bins/range). */
export interface BinRangeResult {
  created: number;
  zoneId: string;
  bins: { id: string; binCode: string }[];
}
