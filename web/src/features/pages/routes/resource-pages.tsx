// /support, /help-center and /training (doc 3 §2, §9). Where the spec's buttons do nothing, they do
// the obvious thing: e-mail and phone open the device's mail and phone apps, a ticket or a webinar
// registration is a contact inquiry, and the help-center search filters as you type.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { buttonClasses } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/field';
import { registerCatalogue } from '../../../lib/i18n';
import { resourcePagesText } from '../i18n';
import { Badge, CardGrid, keysOf, LinkRow, PageLayout, Section } from '../components/page-layout';
import { contactLink } from './contact-link';

registerCatalogue(resourcePagesText);

const en = resourcePagesText.en;

const SUPPORT_ACTIONS: Record<string, string | undefined> = {
  email: 'mailto:support@docksaathi.in',
  phone: 'tel:+918045678900',
  ticket: contactLink('support'),
};

export function SupportPage() {
  const { t } = useTranslation();
  const s = (key: string) => t(`resourcePages.support.${key}`);
  return (
    <PageLayout path="/support" title={s('title')} intro={s('intro')} description={t('pages.meta.support')}>
      <Section id="channels" title={s('channelsTitle')}>
        <CardGrid
          columns={4}
          testId="support-channel"
          items={keysOf(en.support.channels).map((key) => {
            const href = SUPPORT_ACTIONS[key];
            return {
              key,
              title: s(`channels.${key}.title`),
              text: s(`channels.${key}.text`),
              badge: key === 'chat' ? <Badge tone="green">{s('recommended')}</Badge> : undefined,
              children: (
                <>
                  <dl className="mt-3 space-y-1 text-sm">
                    <div>
                      <dt className="inline font-medium">{s('hoursLabel')}: </dt>
                      <dd className="inline">{s(`channels.${key}.hours`)}</dd>
                    </div>
                    <div>
                      <dt className="inline font-medium">{s('responseLabel')}: </dt>
                      <dd className="inline">{s(`channels.${key}.response`)}</dd>
                    </div>
                  </dl>
                  {href &&
                    (href.startsWith('/') ? (
                      <Link to={href} className={`${buttonClasses('secondary')} mt-4`}>
                        {s(`actions.${key}`)}
                      </Link>
                    ) : (
                      <a href={href} className={`${buttonClasses('secondary')} mt-4`}>
                        {s(`actions.${key}`)}
                      </a>
                    ))}
                </>
              ),
            };
          })}
        />
      </Section>
      <Section id="topics" title={s('topicsTitle')}>
        <CardGrid
          items={keysOf(en.support.topics).map((key) => ({
            key,
            title: s(`topics.${key}.title`),
            text: s(`topics.${key}.text`),
          }))}
        />
      </Section>
      <Section id="emergency" title={s('emergencyTitle')}>
        <CardGrid
          columns={2}
          testId="emergency-contact"
          items={keysOf(en.support.emergency).map((key) => ({
            key,
            title: s(`emergency.${key}.title`),
            text: s(`emergency.${key}.text`),
            badge: <Badge tone="amber">{s('emergencyResponse')}</Badge>,
          }))}
        />
      </Section>
      <Section id="self-help" title={s('linksTitle')}>
        <LinkRow
          links={[
            { to: '/help-center', label: s('helpLink') },
            { to: '/documentation', label: s('docsLink') },
            { to: '/training', label: s('trainingLink') },
          ]}
        />
      </Section>
    </PageLayout>
  );
}

const CATEGORY_COUNTS: Record<string, number> = {
  start: 12,
  appointments: 18,
  yard: 8,
  checkin: 15,
  reports: 10,
  account: 22,
};

/** Case-insensitive match of every word of the query (any language). */
export function matches(text: string, query: string): boolean {
  const haystack = text.toLocaleLowerCase();
  return query
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

export function HelpCenterPage() {
  const { t } = useTranslation();
  const h = (key: string, options?: Record<string, unknown>) => t(`resourcePages.helpCenter.${key}`, options);
  const [query, setQuery] = useState('');
  const categories = keysOf(en.helpCenter.categories).filter((key) => matches(h(`categories.${key}`), query));
  const articles = keysOf(en.helpCenter.articles).filter((key) => matches(h(`articles.${key}`), query));
  return (
    <PageLayout path="/help-center" title={h('title')} intro={h('intro')} description={t('pages.meta.help-center')}>
      <div role="search" className="max-w-xl">
        <label htmlFor="help-search" className="mb-1 block text-sm font-medium">
          {h('search')}
        </label>
        <input
          id="help-search"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={h('searchPlaceholder')}
          className={inputClasses}
        />
      </div>
      {categories.length === 0 && articles.length === 0 && <p role="status">{h('noResults', { query })}</p>}
      {categories.length > 0 && (
        <Section id="categories" title={h('categoriesTitle')}>
          <CardGrid
            testId="help-category"
            items={categories.map((key) => ({
              key,
              title: h(`categories.${key}`),
              text: h('articlesCount', { count: CATEGORY_COUNTS[key] }),
            }))}
          />
        </Section>
      )}
      {articles.length > 0 && (
        <Section id="popular" title={h('popularTitle')}>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {articles.map((key) => (
              <li key={key} className="px-4 py-3" data-testid="help-article">
                {h(`articles.${key}`)}
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section id="quick-links" title={h('quickLinksTitle')}>
        <LinkRow
          links={[
            { to: '/training', label: h('trainingLink') },
            { to: '/contact', label: h('contactLink') },
            { to: '/documentation', label: h('docsLink') },
          ]}
        />
      </Section>
      <Section id="hours" title={h('hoursTitle')}>
        <p>{h('hours')}</p>
      </Section>
    </PageLayout>
  );
}

const TRACKS = {
  admin: { hours: 4, modules: 8 },
  operator: { hours: 2, modules: 5 },
  driver: { minutes: 30, modules: 3 },
} as const;
const WEBINARS = {
  peak: { status: 'upcoming', registered: 142 },
  yard: { status: 'recorded', registered: 318 },
  drivers: { status: 'recorded', registered: 256 },
} as const;

export function TrainingPage() {
  const { t } = useTranslation();
  const tr = (key: string, options?: Record<string, unknown>) => t(`resourcePages.training.${key}`, options);
  return (
    <PageLayout path="/training" title={tr('title')} intro={tr('intro')} description={t('pages.meta.training')}>
      <Section id="tracks" title={tr('tracksTitle')}>
        <CardGrid
          testId="training-track"
          items={keysOf(en.training.tracks).map((key) => {
            const track: { hours?: number; minutes?: number; modules: number } = TRACKS[key as keyof typeof TRACKS];
            const length = track.hours ? tr('hours', { count: track.hours }) : tr('minutes', { count: track.minutes });
            return {
              key,
              title: tr(`tracks.${key}.title`),
              text: tr(`tracks.${key}.text`),
              badge: <Badge>{tr(`tracks.${key}.level`)}</Badge>,
              children: (
                <p className="mt-3 text-sm font-medium">
                  {length} · {tr('modules', { count: track.modules })}
                </p>
              ),
            };
          })}
        />
      </Section>
      <Section id="videos" title={tr('videosTitle')}>
        <CardGrid
          columns={2}
          items={keysOf(en.training.series).map((series) => ({
            key: series,
            title: tr(`series.${series}.title`),
            children: (
              <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm text-slate-700">
                {keysOf(en.training.series.basics.videos).map((v) => (
                  <li key={v}>{tr(`series.${series}.videos.${v}`)}</li>
                ))}
              </ol>
            ),
          }))}
        />
      </Section>
      <Section id="webinars" title={tr('webinarsTitle')}>
        <CardGrid
          testId="webinar"
          items={keysOf(en.training.webinars).map((key) => {
            const webinar = WEBINARS[key as keyof typeof WEBINARS];
            const upcoming = webinar.status === 'upcoming';
            const title = tr(`webinars.${key}.title`);
            return {
              key,
              title,
              badge: <Badge tone={upcoming ? 'green' : 'slate'}>{tr(upcoming ? 'upcoming' : 'recorded')}</Badge>,
              text: `${tr(`webinars.${key}.date`)}, ${tr(`webinars.${key}.time`)}`,
              children: (
                <>
                  <p className="mt-1 text-sm text-slate-700">
                    {tr('presenter', { name: tr(`webinars.${key}.presenter`) })} ·{' '}
                    {tr('registered', { count: webinar.registered })}
                  </p>
                  <Link
                    to={contactLink(
                      upcoming ? 'demo' : 'general',
                      `${tr(upcoming ? 'registerNow' : 'watchRecording')}: ${title}`,
                    )}
                    className={`${buttonClasses(upcoming ? 'primary' : 'secondary')} mt-4`}
                  >
                    {tr(upcoming ? 'registerNow' : 'watchRecording')}
                  </Link>
                </>
              ),
            };
          })}
        />
      </Section>
      <Section id="certifications" title={tr('certificationsTitle')}>
        <CardGrid
          columns={2}
          testId="certification"
          items={keysOf(en.training.certifications).map((key) => ({
            key,
            title: tr(`certifications.${key}.title`),
            text: tr(`certifications.${key}.text`),
            children: (
              <dl className="mt-3 space-y-1 text-sm">
                <div>
                  <dt className="inline font-medium">{tr('certification.duration')}: </dt>
                  <dd className="inline">{tr(`certifications.${key}.duration`)}</dd>
                </div>
                <div>
                  <dt className="inline font-medium">{tr('certification.exam')}: </dt>
                  <dd className="inline">{tr(`certifications.${key}.exam`)}</dd>
                </div>
                <div>
                  <dt className="inline font-medium">{tr('certification.validity')}: </dt>
                  <dd className="inline">{tr('certification.validityValue')}</dd>
                </div>
              </dl>
            ),
          }))}
        />
      </Section>
      <LinkRow
        links={[
          { to: '/contact', label: tr('contactLink') },
          { to: '/support', label: tr('supportLink') },
        ]}
      />
    </PageLayout>
  );
}
