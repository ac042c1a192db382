// The frame and building blocks every public page shares: header, hero (h1 + intro), sections,
// card grids, link rows and the footer; the page's title, description and canonical link.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { PublicHeader } from '../../../components/public-header';
import { SiteFooter } from '../../../components/site-footer';
import { buttonClasses } from '../../../components/ui/button';
import { registerCatalogue } from '../../../lib/i18n';
import { pagesText } from '../i18n';
import { usePageMeta } from './use-page-meta';

// The frame's own texts; each group of pages registers its catalogue with its module, so a page
// downloads its own texts only.
registerCatalogue(pagesText);

/** The keys of a list in the English catalogue, in order (Hindi has the same keys). */
export const keysOf = (tree: object): string[] => Object.keys(tree);

export function PageLayout({
  path,
  title,
  intro,
  description,
  children,
}: {
  path: string;
  title: string;
  intro: string;
  description: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  usePageMeta(title, description, path);
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('pages.skipToContent')}
      </a>
      <PublicHeader />
      <main id="main" className="flex-1">
        <section className="bg-gradient-to-b from-blue-50 to-white">
          <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
            <p className="mt-4 max-w-3xl text-lg text-slate-700">{intro}</p>
          </div>
        </section>
        <div className="mx-auto max-w-6xl space-y-14 px-4 py-10">{children}</div>
      </main>
      <SiteFooter />
    </div>
  );
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-6">{children}</div>
    </section>
  );
}

export interface CardItem {
  key: string;
  title: ReactNode;
  text?: ReactNode;
  badge?: ReactNode;
  children?: ReactNode;
}

export function CardGrid({ items, columns = 3, testId }: { items: CardItem[]; columns?: 2 | 3 | 4; testId?: string }) {
  const grid = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' }[columns];
  return (
    <ul className={`grid gap-4 ${grid}`}>
      {items.map((item) => (
        <li key={item.key} className="flex flex-col rounded-lg border border-slate-200 p-5" data-testid={testId}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="font-semibold text-slate-900">{item.title}</h3>
            {item.badge}
          </div>
          {item.text && <p className="mt-2 text-sm text-slate-700">{item.text}</p>}
          {item.children}
        </li>
      ))}
    </ul>
  );
}

export function Badge({
  children,
  tone = 'blue',
}: {
  children: ReactNode;
  tone?: 'blue' | 'green' | 'slate' | 'amber';
}) {
  const tones = {
    blue: 'bg-blue-100 text-blue-900',
    green: 'bg-green-100 text-green-900',
    slate: 'bg-slate-100 text-slate-800',
    amber: 'bg-amber-100 text-amber-900',
  };
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>{children}</span>;
}

/** Figures shown large with their label (metrics, stats, impact). */
export function Figures({ items }: { items: { key: string; value: string; label: string }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
      {items.map((f) => (
        <div key={f.key} className="flex flex-col rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
          <dt className="text-sm text-slate-700">{f.label}</dt>
          <dd className="order-first text-2xl font-bold text-blue-800">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function LinkRow({ links }: { links: { to: string; label: string }[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('pages.relatedLinks')} className="flex flex-wrap gap-3">
      {links.map((link, i) => (
        <Link key={link.to} to={link.to} className={buttonClasses(i === 0 ? 'primary' : 'secondary')}>
          {link.label}
        </Link>
      ))}
    </nav>
  );
}

export function BulletList({ items }: { items: { key: string; text: string }[] }) {
  return (
    <ul className="list-disc space-y-2 pl-6 text-slate-700">
      {items.map((i) => (
        <li key={i.key}>{i.text}</li>
      ))}
    </ul>
  );
}
