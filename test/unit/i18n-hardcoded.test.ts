// No user-visible English is written into the SPA's screens: every JSX text, every text attribute
// (label, placeholder, aria-label, title...) and every toast's title and description comes from the
// i18n catalogues (t('...')), so Hindi mode shows no English left over. What may stay as written:
// brand and product names, codes and units (ALLOWED_WORDS), and example values (MH12AB1234, URLs).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const WEB = join(import.meta.dirname, '..', '..', 'web', 'src');

/** Attributes whose string value a reader sees or hears. */
const TEXT_ATTRIBUTES = new Set([
  'label',
  'placeholder',
  'aria-label',
  'title',
  'alt',
  'description',
  'heading',
  'submitLabel',
  'listTitle',
  'detailTitle',
  'text',
  'hint',
  'aria-description',
  'aria-valuetext',
]);
/** Object properties read out as text (toasts, cards). */
const TEXT_PROPERTIES = new Set(['title', 'description', 'label', 'note', 'message']);
/** Words that are the same in both languages. */
const ALLOWED_WORDS = new Set([
  'DockSaathi',
  'QR',
  'GSTIN',
  'SKU',
  'KB',
  'MB',
  'ms',
  'min',
  'WhatsApp',
  'SMS',
  'IST',
  'API',
  'CSV',
  'PDF',
  'JSON',
  'OK',
  'ID',
]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.tsx') ? [path] : [];
  });
}

/** True when the text has a word a translator would translate. */
export function needsTranslation(text: string): boolean {
  const value = text.trim();
  if (!value) return false;
  if (/^(https?:\/\/|\/|mailto:|tel:)/.test(value)) return false; // addresses and paths
  const words = value.match(/[A-Za-z][A-Za-z'’-]*/g) ?? [];
  return words.some((word) => {
    if (ALLOWED_WORDS.has(word)) return false;
    if (/^[A-Z0-9]+$/.test(word) && word.length <= 4) return false; // codes: PO, BOL, DS
    if (/\d/.test(value) && /^[A-Z0-9-]+$/.test(value.replace(/\s/g, ''))) return false; // example values: MH12AB1234, DS-261123-ABC123
    return word.length >= 2;
  });
}

/** The hard-coded texts of one .tsx source, as 'line: text'. */
export function hardCodedTexts(source: string, fileName = 'file.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) =>
    found.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${text.trim()}`);
  const literal = (node: ts.Node | undefined): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
    Boolean(node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)));
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && needsTranslation(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText())) {
      const value = node.initializer;
      if (literal(value) && needsTranslation(value.text)) report(node, value.text);
      if (value && ts.isJsxExpression(value) && literal(value.expression) && needsTranslation(value.expression.text))
        report(node, value.expression.text);
    }
    if (
      ts.isJsxExpression(node) &&
      literal(node.expression) &&
      needsTranslation(node.expression.text) &&
      !ts.isJsxAttribute(node.parent)
    )
      report(node, node.expression.text);
    // {cond ? 'Open' : 'Closed'} as a child or as a text attribute's value
    const holder = node.parent && ts.isJsxExpression(node.parent) ? node.parent.parent : undefined;
    const shown = holder && (!ts.isJsxAttribute(holder) || TEXT_ATTRIBUTES.has(holder.name.getText()));
    if (ts.isConditionalExpression(node) && shown) {
      for (const branch of [node.whenTrue, node.whenFalse])
        if (literal(branch) && needsTranslation(branch.text)) report(branch, branch.text);
    }
    if (
      ts.isPropertyAssignment(node) &&
      TEXT_PROPERTIES.has(node.name.getText()) &&
      literal(node.initializer) &&
      needsTranslation(node.initializer.text) &&
      /\s|^[A-Z]/.test(node.initializer.text)
    )
      report(node, node.initializer.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('no hard-coded English in the SPA', () => {
  it('finds the texts a reader would see', () => {
    const source = `
      const a = <p>Loading slots...</p>;
      const b = <Field label="Door number *" placeholder="MH12AB1234" />;
      const c = <Badge>{open ? 'Open' : 'Closed'}</Badge>;
      toast({ title: 'Capacity Error', description: t('x.y') });
      const d = <p>{t('common.loading')} · QR · {count} KB</p>;
      const e = <a href="https://example.com" aria-label={t('a.b')}>{'DockSaathi'}</a>;`;
    expect(hardCodedTexts(source).map((line) => line.replace(/^\d+: /, ''))).toEqual([
      'Loading slots...',
      'Door number *',
      'Open',
      'Closed',
      'Capacity Error',
    ]);
  });

  it('every screen reads its texts from the catalogues', () => {
    const found = sources(WEB).flatMap((path) =>
      hardCodedTexts(readFileSync(path, 'utf8'), path).map((line) => `${relative(WEB, path)}:${line}`),
    );
    expect(found).toEqual([]);
  });
});
