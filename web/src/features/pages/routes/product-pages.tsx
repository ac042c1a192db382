// /features, /mobile-app, /messaging and /security (doc 3 §2; /features and /mobile-app describe
// the product as it is: the screens that exist, the driver web app, QR check-in).
import { useTranslation } from '../../../lib/i18n/use-translation';
import { registerCatalogue } from '../../../lib/i18n';
import { productPagesText } from '../i18n';
import { Badge, BulletList, CardGrid, Figures, keysOf, LinkRow, PageLayout, Section } from '../components/page-layout';

registerCatalogue(productPagesText);

const en = productPagesText.en;

function useCards(base: string) {
  const { t } = useTranslation();
  return (tree: object, path: string) =>
    keysOf(tree).map((key) => ({
      key,
      title: t(`${base}.${path}.${key}.title`),
      text: t(`${base}.${path}.${key}.text`),
    }));
}

export function FeaturesPage() {
  const { t } = useTranslation();
  const cards = useCards('productPages.features');
  return (
    <PageLayout
      path="/features"
      title={t('productPages.features.title')}
      intro={t('productPages.features.intro')}
      description={t('pages.meta.features')}
    >
      <CardGrid items={cards(en.features.items, 'items')} testId="feature" />
      <Section id="more" title={t('productPages.features.moreTitle')}>
        <p className="mb-4 text-slate-700">{t('productPages.features.moreText')}</p>
        <LinkRow
          links={[
            { to: '/mobile-app', label: t('productPages.features.mobileLink') },
            { to: '/contact', label: t('productPages.features.contactLink') },
          ]}
        />
      </Section>
    </PageLayout>
  );
}

export function MobileAppPage() {
  const { t } = useTranslation();
  const cards = useCards('productPages.mobileApp');
  const steps = cards(en.mobileApp.steps, 'steps').map((step, i) => ({ ...step, badge: <Badge>{i + 1}</Badge> }));
  return (
    <PageLayout
      path="/mobile-app"
      title={t('productPages.mobileApp.title')}
      intro={t('productPages.mobileApp.intro')}
      description={t('pages.meta.mobile-app')}
    >
      <Section id="steps" title={t('productPages.mobileApp.stepsTitle')}>
        <CardGrid items={steps} columns={4} testId="app-step" />
      </Section>
      <Section id="benefits" title={t('productPages.mobileApp.benefitsTitle')}>
        <CardGrid items={cards(en.mobileApp.benefits, 'benefits')} />
      </Section>
      <LinkRow links={[{ to: '/login', label: t('productPages.mobileApp.cta') }]} />
    </PageLayout>
  );
}

export function MessagingPage() {
  const { t } = useTranslation();
  const cards = useCards('productPages.messaging');
  return (
    <PageLayout
      path="/messaging"
      title={t('productPages.messaging.title')}
      intro={t('productPages.messaging.intro')}
      description={t('pages.meta.messaging')}
    >
      <BulletList
        items={keysOf(en.messaging.claims).map((key) => ({ key, text: t(`productPages.messaging.claims.${key}`) }))}
      />
      <Section id="channels" title={t('productPages.messaging.channelsTitle')}>
        <CardGrid items={cards(en.messaging.channels, 'channels')} columns={4} testId="channel" />
      </Section>
      <Section id="use-cases" title={t('productPages.messaging.useCasesTitle')}>
        <CardGrid items={cards(en.messaging.useCases, 'useCases')} testId="use-case" />
      </Section>
      <Section id="features" title={t('productPages.messaging.featuresTitle')}>
        <CardGrid items={cards(en.messaging.features, 'features')} columns={4} />
      </Section>
      <LinkRow
        links={[
          { to: '/contact', label: t('productPages.messaging.contactLink') },
          { to: '/features', label: t('productPages.messaging.featuresLink') },
        ]}
      />
    </PageLayout>
  );
}

const SECURITY_METRICS = [
  { key: 'uptime', value: '99.9%' },
  { key: 'encryption', value: '256-bit' },
  { key: 'monitoring', value: '24/7' },
  { key: 'response', value: '< 2 min' },
] as const;

export function SecurityPage() {
  const { t } = useTranslation();
  const cards = useCards('productPages.security');
  return (
    <PageLayout
      path="/security"
      title={t('productPages.security.title')}
      intro={t('productPages.security.intro')}
      description={t('pages.meta.security')}
    >
      <Section id="areas" title={t('productPages.security.areasTitle')}>
        <CardGrid items={cards(en.security.areas, 'areas')} testId="security-area" />
      </Section>
      <Section id="certifications" title={t('productPages.security.certificationsTitle')}>
        <ul className="flex flex-wrap gap-3">
          {keysOf(en.security.certifications).map((key) => (
            <li
              key={key}
              className="rounded-lg border border-slate-200 px-4 py-3 font-semibold"
              data-testid="certification"
            >
              {t(`productPages.security.certifications.${key}`)}
            </li>
          ))}
        </ul>
      </Section>
      <Section id="metrics" title={t('productPages.security.metricsTitle')}>
        <Figures
          items={SECURITY_METRICS.map((m) => ({
            key: m.key,
            value: m.value,
            label: t(`productPages.security.metrics.${m.key}`),
          }))}
        />
      </Section>
      <LinkRow
        links={[
          { to: '/contact', label: t('productPages.security.contactLink') },
          { to: '/documentation', label: t('productPages.security.docsLink') },
        ]}
      />
    </PageLayout>
  );
}
