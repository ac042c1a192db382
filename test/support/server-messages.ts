// Every text the API can answer with, read from the source: the messages of thrown HTTP errors and
// message constants in functions/, the zod messages and *_TEXTS of shared/contracts/. A template
// literal's `${...}` parts become {0}, {1}... as in the Hindi catalogue (shared/i18n/server-messages-hi.json).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'local' || name === 'node_modules' ? [] : files(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** A string or template literal as catalogue text; null when it is not a message (no letters). */
function literalText(quote: string, body: string): string | null {
  let n = 0;
  const text =
    quote === '`'
      ? body.replace(/\$\{[^}]*\}/g, () => `{${n++}}`)
      : body
          .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
          .replace(/\\(['"\\])/g, '$1');
  // A message reads as a sentence: a capital (or a value) first and at least two words; keys, header
  // names and internal errors ('link exists') are not shown to anyone. A template nesting another
  // template cannot be read here, and is left out.
  return /^[A-Z{]/.test(text) &&
    text.includes(' ') &&
    !text.includes('${') &&
    /[A-Za-z]{2}/.test(text.replace(/\{\d+\}/g, ''))
    ? text
    : null;
}

const LITERAL = String.raw`(['\`])((?:\\.|(?!\1)[^\\\n])*)\1`;
const ERROR_ARGS = new RegExp(
  String.raw`new (?:BadRequest|Unauthorized|Forbidden|NotFound|Conflict|PayloadTooLarge|UnsupportedMediaType|TooManyRequests|ServiceUnavailable|Http)Error\(\s*(?:\d+\s*,\s*)?${LITERAL}`,
  'g',
);
const DEFAULT_MESSAGE = new RegExp(String.raw`message = ${LITERAL}`, 'g');
const CONSTANT = new RegExp(String.raw`const [A-Z][A-Z0-9_]+ = ${LITERAL};`, 'g');
const ZOD_MESSAGE = new RegExp(
  String.raw`(?:requiredText|dateString|timeOfDay|nonNegativeInt|z\.email|\.int|\.positive|\.nonnegative|\.nonempty)\(\s*${LITERAL}|(?:error|message): ${LITERAL}|\.(?:min|max|length|gte|lte|gt|lt|regex|refine|startsWith|endsWith|includes)\((?:[^'\`()]|\([^()]*\))*?,\s*${LITERAL}`,
  'g',
);
const TEXTS_BLOCK = /export const \w+_TEXTS = \{([\s\S]*?)\n\}/g;

export interface FoundMessage {
  text: string;
  file: string;
}

export function serverMessages(): FoundMessage[] {
  const found: FoundMessage[] = [];
  const add = (file: string, quote: string | undefined, body: string | undefined) => {
    if (quote === undefined || body === undefined) return;
    const text = literalText(quote, body);
    if (text) found.push({ text, file: relative(ROOT, file) });
  };
  for (const file of files(join(ROOT, 'functions'))) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(ERROR_ARGS)) add(file, m[1], m[2]);
    for (const m of source.matchAll(DEFAULT_MESSAGE)) add(file, m[1], m[2]);
    for (const m of source.matchAll(CONSTANT)) add(file, m[1], m[2]);
  }
  for (const file of files(join(ROOT, 'shared', 'contracts'))) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(ZOD_MESSAGE)) {
      add(file, m[1], m[2]);
      add(file, m[3], m[4]);
      add(file, m[5], m[6]);
    }
    for (const block of source.matchAll(TEXTS_BLOCK))
      for (const m of block[1]!.matchAll(new RegExp(String.raw`:\s*${LITERAL}`, 'g'))) add(file, m[1], m[2]);
  }
  return found;
}
