// Every text the API can answer with, read from the source: every literal inside a thrown HTTP
// error's arguments (its message, both sides of a ternary, its field errors), the `reason` of a refusal
// and message constants in functions/, the zod messages and *_TEXTS of shared/contracts/. A template
// literal's `${...}` parts become {0}, {1}... as in the Hindi catalogue (shared/i18n/server-messages-hi.json);
// an optional part (`${x ? ` at door ${d}` : ''}`) gives the message with and without it.
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

/** A message as catalogue text, with the source of the value behind each {n}. */
export interface FoundMessage {
  text: string;
  file: string;
  /** The expression of each value ({0}, {1}...), as written in the source. */
  values: string[];
}

interface Literal {
  end: number;
  variants: { text: string; values: string[] }[];
}

/** The end of the expression of a `${` starting at `from` (the index of its closing brace). */
function expressionEnd(source: string, from: number): number {
  let depth = 0;
  for (let i = from; i < source.length; i++) {
    const c = source[i]!;
    if (c === "'" || c === '"' || c === '`') i = readLiteral(source, i).end - 1;
    else if (c === '{') depth++;
    else if (c === '}' && depth-- === 0) return i;
  }
  return source.length;
}

/** The literal starting at `start` (a quote): its texts, an optional `${a ? `...` : ''}` part both with and without. */
function readLiteral(source: string, start: number): Literal {
  const quote = source[start]!;
  let variants = [{ text: '', values: [] as string[] }];
  const append = (text: string, values: string[] = []) =>
    (variants = variants.map((v) => ({ text: v.text + text, values: [...v.values, ...values] })));
  for (let i = start + 1; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const next = source[i + 1]!;
      if (next === 'u') {
        append(String.fromCharCode(parseInt(source.slice(i + 2, i + 6), 16)));
        i += 5;
      } else {
        append(next === 'n' ? '\n' : next);
        i++;
      }
    } else if (c === quote) return { end: i + 1, variants };
    else if (c === '\n' && quote !== '`') return { end: i, variants: [] };
    else if (quote === '`' && c === '$' && source[i + 1] === '{') {
      const end = expressionEnd(source, i + 2);
      const expression = source.slice(i + 2, end).trim();
      const branches = ternaryBranches(expression);
      if (branches) {
        const before = variants;
        variants = branches.flatMap((branch) =>
          typeof branch === 'string'
            ? before.map((v) => ({ text: `${v.text}{${v.values.length}}`, values: [...v.values, branch] }))
            : branch.variants.flatMap((part) =>
                before.map((v) => ({ text: v.text + part.text, values: [...v.values, ...part.values] })),
              ),
        );
      } else
        variants = variants.map((v) => ({ text: `${v.text}{${v.values.length}}`, values: [...v.values, expression] }));
      i = end;
    } else append(c);
  }
  return { end: source.length, variants: [] };
}

/** The index of the `?` (or `:`) of a ternary at the top level of an expression, -1 when there is none. */
function topLevel(expression: string, sign: '?' | ':'): number {
  let depth = 0;
  let pending = 0; // ternaries opened inside the branch being read
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i]!;
    if (c === "'" || c === '"' || c === '`') i = readLiteral(expression, i).end - 1;
    else if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') depth--;
    else if (depth === 0 && c === '?') {
      if (expression[i + 1] === '.' || expression[i + 1] === '?' || expression[i - 1] === '?') continue;
      if (sign === '?') return i;
      pending++;
    } else if (depth === 0 && c === ':' && sign === ':' && pending-- === 0) return i;
  }
  return -1;
}

/**
 * The branches of `a ? x : y` (nested ternaries flattened): a branch that is one literal is read as
 * text, anything else stays a value (its expression); null when the expression is no ternary.
 */
function ternaryBranches(expression: string): (Literal | string)[] | null {
  const question = topLevel(expression, '?');
  if (question < 0) return null;
  const rest = expression.slice(question + 1);
  const colon = topLevel(rest, ':');
  if (colon < 0) return null;
  const branch = (code: string): (Literal | string)[] => {
    const trimmed = code
      .trim()
      .replace(/^\((.*)\)$/s, '$1')
      .trim();
    if (/^['"`]/.test(trimmed)) {
      const literal = readLiteral(trimmed, 0);
      if (literal.end === trimmed.length) return [literal];
    }
    return ternaryBranches(trimmed) ?? [trimmed];
  };
  return [...branch(rest.slice(0, colon)), ...branch(rest.slice(colon + 1))];
}

/** Renumbers a variant's {n} in order (an optional part shifts the values after it). */
function renumber(text: string): string {
  let n = 0;
  return text.replace(/\{\d+\}/g, () => `{${n++}}`);
}

/** A message reads as a sentence: a capital (or a value) first and at least two words; keys, header
 * names and internal errors ('link exists') are not shown to anyone. */
const isMessage = (text: string) =>
  /^[A-Z{]/.test(text) && text.includes(' ') && /[A-Za-z]{2}/.test(text.replace(/\{\d+\}/g, ''));

/** Every literal between `from` and the parenthesis that closes the call opened just before it. */
function callLiterals(source: string, from: number): Literal[] {
  const found: Literal[] = [];
  let depth = 0;
  for (let i = from; i < source.length; i++) {
    const c = source[i]!;
    if (c === "'" || c === '"' || c === '`') {
      const literal = readLiteral(source, i);
      found.push(literal);
      i = literal.end - 1;
    } else if (c === '(' || c === '{' || c === '[') depth++;
    else if ((c === ')' || c === '}' || c === ']') && depth-- === 0) break;
  }
  return found;
}

const QUOTE = `['"\`]`;
const ERROR_CALL =
  /new (?:BadRequest|Unauthorized|Forbidden|NotFound|Conflict|PayloadTooLarge|UnsupportedMediaType|TooManyRequests|ServiceUnavailable|RevisionConflict|Http)Error\(/g;
const REASON = new RegExp(String.raw`\breason: (?=${QUOTE})`, 'g');
const DEFAULT_MESSAGE = new RegExp(String.raw`message = (?=${QUOTE})`, 'g');
const CONSTANT = new RegExp(String.raw`const [A-Z][A-Z0-9_]+ = (?=${QUOTE})`, 'g');
/** A refusal's reason held in a variable first (`const opens = `...`; ... reason: opens`). */
const reasonVariable = (name: string) => new RegExp(String.raw`const ${name} = (?=${QUOTE})`, 'g');
const ZOD_CALL =
  /(?:requiredText|dateString|timeOfDay|nonNegativeInt|z\.email|\.int|\.positive|\.nonnegative|\.nonempty|\.min|\.max|\.length|\.gte|\.lte|\.gt|\.lt|\.regex|\.refine|\.startsWith|\.endsWith|\.includes)\(/g;
const ZOD_PROPERTY = new RegExp(String.raw`(?:error|message): (?=${QUOTE})`, 'g');
const TEXTS_BLOCK = /export const \w+_TEXTS = \{([\s\S]*?)\n\}/g;
const PROPERTY = new RegExp(String.raw`:\s*(?=${QUOTE})`, 'g');

export function serverMessages(): FoundMessage[] {
  const found: FoundMessage[] = [];
  const add = (file: string, literals: Literal[]) => {
    for (const literal of literals)
      for (const { text, values } of literal.variants) {
        const message = renumber(text);
        if (isMessage(message)) found.push({ text: message, file: relative(ROOT, file), values });
      }
  };
  const at = (source: string, pattern: RegExp) => [...source.matchAll(pattern)].map((m) => m.index + m[0].length);
  for (const file of files(join(ROOT, 'functions'))) {
    const source = readFileSync(file, 'utf8');
    for (const i of at(source, ERROR_CALL)) add(file, callLiterals(source, i));
    for (const i of [...at(source, REASON), ...at(source, DEFAULT_MESSAGE), ...at(source, CONSTANT)])
      add(file, [readLiteral(source, i)]);
    for (const [, name] of source.matchAll(/\breason: (\w+)\b/g))
      for (const i of at(source, reasonVariable(name!))) add(file, [readLiteral(source, i)]);
  }
  for (const file of files(join(ROOT, 'shared', 'contracts'))) {
    const source = readFileSync(file, 'utf8');
    for (const i of at(source, ZOD_CALL)) add(file, callLiterals(source, i));
    for (const i of at(source, ZOD_PROPERTY)) add(file, [readLiteral(source, i)]);
    for (const block of source.matchAll(TEXTS_BLOCK))
      for (const i of at(block[1]!, PROPERTY)) add(file, [readLiteral(block[1]!, i)]);
  }
  return found;
}
