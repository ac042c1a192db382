// /documentation (doc 3 §2): four sections switched by buttons (getting started by default), a search
// that filters the active section, the API reference generated from the route table the server uses
// (shared/routes.ts: method, path and who may call it, so it cannot drift) and the OpenAPI download.
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { ROUTES, type ApiRoute } from '@shared/routes';
import { buttonClasses } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/field';
import { registerCatalogue } from '../../../lib/i18n';
import { resourcePagesText } from '../i18n';
import { Badge, CardGrid, keysOf, PageLayout, Section } from '../components/page-layout';
import { matches } from './resource-pages';

registerCatalogue(resourcePagesText);

const en = resourcePagesText.en.documentation;
const SECTIONS = ['gettingStarted', 'apiReference', 'userGuides', 'integrations'] as const;
type SectionKey = (typeof SECTIONS)[number];
const GUIDES = {
  overview: { type: 'guide', minutes: 5 },
  setup: { type: 'tutorial', minutes: 12 },
  booking: { type: 'tutorial', minutes: 8 },
  roles: { type: 'reference', minutes: 6 },
} as const;
export const OPENAPI_PATH = '/openapi.json';

function ApiReference({ query }: { query: string }) {
  const { t } = useTranslation();
  const d = (key: string, options?: Record<string, unknown>) => t(`resourcePages.documentation.api.${key}`, options);
  const who = (route: ApiRoute) =>
    route.access === 'public'
      ? d('public')
      : route.access === 'session'
        ? d('session')
        : d('permission', { permission: route.access });
  const routes = (ROUTES as readonly ApiRoute[]).filter((r) =>
    matches(`${r.method} ${r.path} ${r.fn} ${r.access} ${who(r)}`, query),
  );
  return (
    <div>
      <p className="mb-4 text-slate-700">{d('intro')}</p>
      <p className="mb-2 text-sm text-slate-600" role="status">
        {d('count', { count: routes.length })}
      </p>
      {routes.length === 0 ? (
        <p>{d('none', { query })}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {d('method')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {d('path')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {d('access')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {routes.map((r) => (
                <tr key={`${r.method} ${r.path}`} data-testid="api-route">
                  <td className="px-3 py-2 font-mono font-semibold">{r.method}</td>
                  <td className="break-all px-3 py-2 font-mono">{r.path}</td>
                  <td className="px-3 py-2">{who(r)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export function DocumentationPage() {
  const { t } = useTranslation();
  const d = (key: string, options?: Record<string, unknown>) => t(`resourcePages.documentation.${key}`, options);
  const [section, setSection] = useState<SectionKey>('gettingStarted');
  const [query, setQuery] = useState('');
  const cards = (tree: object, path: string) =>
    keysOf(tree)
      .map((key) => ({ key, title: d(`${path}.${key}.title`), text: d(`${path}.${key}.text`) }))
      .filter((card) => matches(`${card.title} ${card.text}`, query));
  return (
    <PageLayout path="/documentation" title={d('title')} intro={d('intro')} description={t('pages.meta.documentation')}>
      <div role="search" className="max-w-xl">
        <label htmlFor="docs-search" className="mb-1 block text-sm font-medium">
          {d('search')}
        </label>
        <input
          id="docs-search"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={d('searchPlaceholder')}
          className={inputClasses}
        />
      </div>
      <div role="group" aria-label={d('sectionsLabel')} className="flex flex-wrap gap-2">
        {SECTIONS.map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={section === key}
            onClick={() => setSection(key)}
            className={buttonClasses(section === key ? 'primary' : 'secondary')}
          >
            {d(`sections.${key}`)}
          </button>
        ))}
      </div>
      <Section id="docs-section" title={d(`sections.${section}`)}>
        {section === 'gettingStarted' && (
          <CardGrid
            columns={2}
            testId="doc-item"
            items={cards(en.gettingStarted, 'gettingStarted').map((card) => {
              const guide = GUIDES[card.key as keyof typeof GUIDES];
              return {
                ...card,
                badge: <Badge>{d(`types.${guide.type}`)}</Badge>,
                children: <p className="mt-2 text-xs text-slate-600">{d('readTime', { minutes: guide.minutes })}</p>,
              };
            })}
          />
        )}
        {section === 'apiReference' && <ApiReference query={query} />}
        {section === 'userGuides' && <CardGrid testId="doc-item" items={cards(en.userGuides, 'userGuides')} />}
        {section === 'integrations' && (
          <CardGrid columns={4} testId="doc-item" items={cards(en.integrations, 'integrations')} />
        )}
      </Section>
      <Section id="downloads" title={d('downloadsTitle')}>
        <CardGrid
          testId="download"
          items={[
            {
              key: 'openapi',
              title: d('openapi.title'),
              text: d('openapi.text'),
              badge: <Badge tone="slate">{d('openapi.format')}</Badge>,
              children: (
                <a
                  href={OPENAPI_PATH}
                  download="docksaathi-openapi.json"
                  className={`${buttonClasses('primary')} mt-4 self-start`}
                >
                  {d('openapi.download')}
                </a>
              ),
            },
          ]}
        />
      </Section>
    </PageLayout>
  );
}
