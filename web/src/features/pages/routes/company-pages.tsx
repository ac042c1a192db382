// /about, /careers and /partners (doc 3 §2, §3, §9); /contact is contact-page.tsx. Apply and the
// demo call to action open the contact form with the inquiry chosen.
import { Link } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { buttonClasses } from '../../../components/ui/button';
import { registerCatalogue } from '../../../lib/i18n';
import { useFormat } from '../../../lib/format';
import { companyPagesText } from '../i18n';
import { Badge, BulletList, CardGrid, Figures, keysOf, LinkRow, PageLayout, Section } from '../components/page-layout';
import { contactLink } from './contact-link';

registerCatalogue(companyPagesText);

export const en = companyPagesText.en;

export function useCompanyText(page: string) {
  const { t } = useTranslation();
  return (key: string, options?: Record<string, unknown>) => t(`companyPages.${page}.${key}`, options);
}

export function AboutPage() {
  const { t } = useTranslation();
  const a = useCompanyText('about');
  const format = useFormat();
  const impact = [
    { key: 'facilities', value: `${format.number(150)}+` },
    { key: 'trucks', value: `${format.number(40000)}+` },
    { key: 'wait', value: '75%' },
    { key: 'cities', value: format.number(28) },
  ];
  return (
    <PageLayout path="/about" title={a('title')} intro={a('intro')} description={t('pages.meta.about')}>
      <CardGrid
        columns={2}
        items={['mission', 'vision'].map((key) => ({ key, title: a(`${key}.title`), text: a(`${key}.text`) }))}
      />
      <Section id="values" title={a('valuesTitle')}>
        <CardGrid
          items={keysOf(en.about.values).map((key) => ({
            key,
            title: a(`values.${key}.title`),
            text: a(`values.${key}.text`),
          }))}
        />
      </Section>
      <Section id="leadership" title={a('leadershipTitle')}>
        <CardGrid
          columns={4}
          testId="leader"
          items={keysOf(en.about.leaders).map((key) => ({
            key,
            title: a(`leaders.${key}.name`),
            badge: undefined,
            text: a(`leaders.${key}.text`),
            children: <p className="mt-1 text-sm font-medium text-blue-800">{a(`leaders.${key}.role`)}</p>,
          }))}
        />
      </Section>
      <Section id="timeline" title={a('timelineTitle')}>
        <ol className="space-y-4 border-l-2 border-blue-200 pl-6">
          {keysOf(en.about.timeline).map((key) => (
            <li key={key} data-testid="timeline-entry">
              <h3 className="font-bold text-blue-800">{a(`timeline.${key}.year`)}</h3>
              <p className="text-slate-700">{a(`timeline.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section id="impact" title={a('impactTitle')}>
        <Figures items={impact.map((f) => ({ ...f, label: a(`impact.${f.key}`) }))} />
      </Section>
      <Section id="awards" title={a('awardsTitle')}>
        <BulletList items={keysOf(en.about.awards).map((key) => ({ key, text: a(`awards.${key}`) }))} />
      </Section>
      <LinkRow
        links={[
          { to: '/careers', label: a('careersLink') },
          { to: '/partners', label: a('partnersLink') },
        ]}
      />
    </PageLayout>
  );
}

const JOB_FIELDS = ['department', 'location', 'type', 'experience', 'skills'] as const;

export function CareersPage() {
  const { t } = useTranslation();
  const c = useCompanyText('careers');
  return (
    <PageLayout path="/careers" title={c('title')} intro={c('intro')} description={t('pages.meta.careers')}>
      <Section id="roles" title={c('rolesTitle')}>
        <CardGrid
          columns={2}
          testId="job"
          items={keysOf(en.careers.roles).map((key) => ({
            key,
            title: c(`roles.${key}.title`),
            text: c(`roles.${key}.description`),
            badge: <Badge>{c(`roles.${key}.type`)}</Badge>,
            children: (
              <>
                <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  {JOB_FIELDS.filter((f) => f !== 'type').map((field) => (
                    <div key={field} className="contents">
                      <dt className="font-medium">{c(`labels.${field}`)}</dt>
                      <dd>{c(`roles.${key}.${field}`)}</dd>
                    </div>
                  ))}
                </dl>
                <Link
                  to={contactLink('general', c('applySubject', { role: c(`roles.${key}.title`) }))}
                  className={`${buttonClasses('secondary')} mt-4 self-start`}
                  aria-label={`${c('apply')}: ${c(`roles.${key}.title`)}`}
                >
                  {c('apply')}
                </Link>
              </>
            ),
          }))}
        />
      </Section>
      <Section id="benefits" title={c('benefitsTitle')}>
        <BulletList items={keysOf(en.careers.benefits).map((key) => ({ key, text: c(`benefits.${key}`) }))} />
      </Section>
      <Section id="values" title={c('valuesTitle')}>
        <BulletList items={keysOf(en.careers.values).map((key) => ({ key, text: c(`values.${key}`) }))} />
      </Section>
      <Section id="process" title={c('processTitle')}>
        <CardGrid
          columns={4}
          testId="interview-step"
          items={keysOf(en.careers.process).map((key, i) => ({
            key,
            title: c(`process.${key}.title`),
            text: c(`process.${key}.text`),
            badge: <Badge>{i + 1}</Badge>,
          }))}
        />
      </Section>
      <LinkRow links={[{ to: '/contact', label: c('contactLink') }]} />
    </PageLayout>
  );
}

const TIERS = {
  silver: { share: 20, months: 6 },
  gold: { share: 25, months: 12 },
  platinum: { share: 30, months: 24 },
} as const;

export function PartnersPage() {
  const { t } = useTranslation();
  const p = useCompanyText('partners');
  return (
    <PageLayout path="/partners" title={p('title')} intro={p('intro')} description={t('pages.meta.partners')}>
      <Section id="kinds" title={p('kindsTitle')}>
        <CardGrid
          columns={4}
          testId="partnership-kind"
          items={keysOf(en.partners.kinds).map((key) => ({
            key,
            title: p(`kinds.${key}.title`),
            text: p(`kinds.${key}.text`),
          }))}
        />
      </Section>
      <Section id="network" title={p('networkTitle')}>
        <BulletList items={keysOf(en.partners.network).map((key) => ({ key, text: p(`network.${key}`) }))} />
      </Section>
      <Section id="tiers" title={p('tiersTitle')}>
        <CardGrid
          testId="partner-tier"
          items={keysOf(en.partners.tiers).map((key) => {
            const tier = TIERS[key as keyof typeof TIERS];
            return {
              key,
              title: p(`tiers.${key}.title`),
              text: p(`tiers.${key}.text`),
              children: (
                <ul className="mt-3 space-y-1 text-sm font-medium">
                  <li>{p('revenueShare', { share: tier.share })}</li>
                  <li>{p('commitment', { months: tier.months })}</li>
                </ul>
              ),
            };
          })}
        />
      </Section>
      <Section id="resources" title={p('resourcesTitle')}>
        <BulletList items={keysOf(en.partners.resources).map((key) => ({ key, text: p(`resources.${key}`) }))} />
      </Section>
      <Section id="story" title={p('storyTitle')}>
        <blockquote className="rounded-lg bg-slate-50 p-6 text-slate-800">{p('story')}</blockquote>
      </Section>
      <LinkRow links={[{ to: contactLink('partnership'), label: p('contactLink') }]} />
    </PageLayout>
  );
}
