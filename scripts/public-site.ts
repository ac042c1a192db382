// Files of the public site generated at build (web/vite.config.ts runs this script and adds its
// output to the bundle): the OpenAPI 3.1 document of the whole API, made from the route table
// (shared/routes.ts) and the shared zod schemas each handler parses its body and query with
// (z.toJSONSchema), plus sitemap.xml and robots.txt of the public pages.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as z from 'zod/mini';
import type { ZodMiniType } from 'zod/mini';
import { ROUTES, type ApiRoute } from '../shared/routes';
import { STATIC_PAGES } from '../shared/navigation';
import { PRODUCT_NAME } from '../shared/product';
import { LEGAL_DOCUMENTS } from '../web/src/features/pages/legal-documents';

const ROOT = join(import.meta.dirname, '..');

/** The schemas each action of each function parses its body and query with, read from its handler. */
function handlerSchemas(): Map<string, { body?: string; query?: string }> {
  const found = new Map<string, { body?: string; query?: string }>();
  for (const fn of readdirSync(join(ROOT, 'functions'))) {
    let source: string;
    try {
      source = readFileSync(join(ROOT, 'functions', fn, 'handler.ts'), 'utf8');
    } catch {
      continue;
    }
    const actions = [...source.matchAll(/^ {2}async (\w+)\(req\)/gm)];
    actions.forEach((action, i) => {
      const chunk = source.slice(action.index, actions[i + 1]?.index ?? source.length);
      const body = /parseBody\(req, (\w+)\)/.exec(chunk)?.[1];
      const query = /parseQuery\(req, (\w+)\)/.exec(chunk)?.[1];
      found.set(`${fn}.${action[1]}`, { body, query });
    });
  }
  return found;
}

async function contractSchemas(): Promise<Map<string, ZodMiniType>> {
  const dir = join(ROOT, 'shared', 'contracts');
  const schemas = new Map<string, ZodMiniType>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const module = (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) if (value instanceof z.ZodMiniType) schemas.set(name, value);
  }
  return schemas;
}

const jsonSchema = (schema: ZodMiniType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;

function accessText(route: ApiRoute): string {
  return route.access === 'public'
    ? 'Public: no session needed.'
    : route.access === 'session'
      ? 'Any signed-in user (session cookie).'
      : `Signed-in users holding the permission ${route.access}.`;
}

export async function openApiDocument() {
  const parses = handlerSchemas();
  const schemas = await contractSchemas();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTES as readonly ApiRoute[]) {
    const uses = parses.get(`${route.fn}.${route.action}`) ?? {};
    const body = uses.body ? schemas.get(uses.body) : undefined;
    const query = uses.query ? schemas.get(uses.query) : undefined;
    const pathParameters = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const queryProperties = query ? ((jsonSchema(query).properties ?? {}) as Record<string, unknown>) : {};
    const queryRequired = query ? ((jsonSchema(query).required ?? []) as string[]) : [];
    const queryParameters = Object.entries(queryProperties).map(([name, schema]) => ({
      name,
      in: 'query',
      required: queryRequired.includes(name),
      schema,
    }));
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = {
      operationId: route.action,
      tags: [route.fn],
      description: accessText(route),
      'x-access': route.access,
      security: route.access === 'public' ? [] : [{ session: [] }],
      parameters: [...pathParameters, ...queryParameters],
      ...(body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(body) } } } }
        : {}),
      responses: {
        '2XX': { description: 'Success' },
        '4XX': {
          description: 'The request was refused: { message, errors? } in the language of Accept-Language (en or hi)',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT_NAME} API`,
      version: '1.0.0',
      description:
        'Generated from the route table and the shared zod schemas. Sign in with POST /api/auth/login; the session cookie authenticates every other call.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'dy_session' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['message'],
          properties: {
            message: { type: 'string' },
            errors: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
      },
    },
    paths,
  };
}

/** Every public, indexable page: the landing page, sign-in, the information pages and the legal documents. */
export function publicPaths(): string[] {
  return [
    '/',
    '/login',
    ...STATIC_PAGES.map((slug) => `/${slug}`),
    ...Object.keys(LEGAL_DOCUMENTS).map((doc) => `/legal/${doc}`),
  ];
}

export function sitemapXml(origin: string): string {
  const urls = publicPaths().map((path) => `  <url><loc>${origin}${path === '/' ? '/' : path}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nSitemap: ${origin}/sitemap.xml\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const origin = (process.env.SITE_URL ?? 'https://docksaathi.in').replace(/\/$/, '');
  const files = {
    'openapi.json': JSON.stringify(await openApiDocument(), null, 2),
    'sitemap.xml': sitemapXml(origin),
    'robots.txt': robotsTxt(origin),
  };
  process.stdout.write(JSON.stringify(files));
}
