// Every exported object schema of shared/contracts answers a required field left out with the same
// message as the same field sent empty (the spec's text, never zod's "expected string, received
// undefined"). The schemas are found by walking the modules, so a new schema is checked too.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';

const CONTRACTS = join(import.meta.dirname, '../../shared/contracts');

type Def = { type: string; shape?: Record<string, z.ZodMiniType>; in?: z.ZodMiniType; innerType?: z.ZodMiniType };
const defOf = (schema: z.ZodMiniType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isSchema = (value: unknown): value is z.ZodMiniType =>
  typeof value === 'object' && value !== null && '_zod' in value && 'safeParse' in value;

/** The schema under pipes (transforms), optional, nullable and default wrappers. */
function core(schema: z.ZodMiniType): z.ZodMiniType {
  const def = defOf(schema);
  if (def.type === 'pipe' && def.in) return core(def.in);
  if (def.innerType && ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch'].includes(def.type))
    return core(def.innerType);
  return schema;
}

interface FieldCase {
  path: string;
  missing: unknown;
  empty: unknown;
  kind: 'string' | 'array';
}

/** The required string (and list) fields of an object shape, nested objects included. */
function requiredFields(
  shape: Record<string, z.ZodMiniType>,
  wrap: (inner: Record<string, unknown>) => unknown,
  prefix: string[] = [],
): FieldCase[] {
  const found: FieldCase[] = [];
  for (const [key, field] of Object.entries(shape)) {
    if (field.safeParse(undefined).success) continue; // optional or defaulted
    const inner = core(field);
    const { type, shape: nested } = defOf(inner);
    const path = [...prefix, key];
    if (type === 'object' && nested) found.push(...requiredFields(nested, (value) => wrap({ [key]: value }), path));
    else if (type === 'string' || type === 'enum')
      found.push({ path: path.join('.'), missing: wrap({}), empty: wrap({ [key]: '' }), kind: 'string' });
    else if (type === 'array')
      found.push({ path: path.join('.'), missing: wrap({}), empty: wrap({ [key]: [] }), kind: 'array' });
  }
  return found;
}

function messageAt(schema: z.ZodMiniType, body: unknown, path: string): string | undefined {
  const result = schema.safeParse(body);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path.join('.') === path)?.message;
}

const modules = await Promise.all(
  readdirSync(CONTRACTS)
    .filter((file) => file.endsWith('.ts'))
    .map(async (file) => [file, (await import(join(CONTRACTS, file))) as Record<string, unknown>] as const),
);

const cases = modules.flatMap(([file, exports]) =>
  Object.entries(exports).flatMap(([name, value]) => {
    if (!isSchema(value)) return [];
    const { shape } = defOf(core(value));
    if (!shape) return [];
    return requiredFields(shape, (body) => body).map((field) => ({ schema: `${file} ${name}`, value, ...field }));
  }),
);

describe('contract messages', () => {
  it('finds the schemas it checks', () => {
    const schemas = new Set(cases.map((c) => c.schema));
    expect(schemas).toContain('carriers.ts carrierInputSchema');
    expect(schemas).toContain('facilities.ts facilityInputSchema');
    expect(cases.map((c) => `${c.schema} ${c.path}`)).toContain('users.ts registerRequestSchema userData.firstName');
  });

  it.each(cases.map((c) => [`${c.schema} ${c.path}`, c] as const))(
    '%s: left out gives the same message as empty',
    (_name, c) => {
      const whenEmpty = messageAt(c.value, c.empty, c.path);
      const whenMissing = messageAt(c.value, c.missing, c.path);
      if (c.kind === 'array' && whenEmpty === undefined) return; // an empty list is allowed there
      expect(whenMissing).toBeDefined();
      expect(whenMissing).not.toMatch(/^Invalid input/);
      expect(whenMissing).toBe(whenEmpty);
    },
  );
});
