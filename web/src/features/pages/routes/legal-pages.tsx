// /legal (doc 3 §2 Legal Information) and a page per legal document (/legal/<document>) with its
// full text: the View Document buttons open them; Subscribe to Legal Updates is a contact inquiry.
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { buttonClasses } from '../../../components/ui/button';
import { useFormat } from '../../../lib/format';
import { registerCatalogue } from '../../../lib/i18n';
import { legalPagesText } from '../i18n';
import { Badge, CardGrid, Figures, keysOf, PageLayout, Section } from '../components/page-layout';
import { contactLink } from './contact-link';
import { LEGAL_DOCUMENTS, type LegalDocument } from '../legal-documents';

registerCatalogue(legalPagesText);

const en = legalPagesText.en;

function useLegalText() {
  const { t } = useTranslation();
  return (key: string, options?: Record<string, unknown>) => t(`legalPages.${key}`, options);
}

export function LegalPage() {
  const { t } = useTranslation();
  const l = useLegalText();
  const format = useFormat();
  return (
    <PageLayout path="/legal" title={l('title')} intro={l('intro')} description={t('pages.meta.legal')}>
      <Figures
        items={[
          { key: 'documents', value: format.number(keysOf(LEGAL_DOCUMENTS).length), label: l('stats.documents') },
          { key: 'compliance', value: `${format.number(100)}%`, label: l('stats.compliance') },
          { key: 'reviews', value: l('statValues.reviews'), label: l('stats.reviews') },
        ]}
      />
      <Section id="documents" title={l('documentsTitle')}>
        <CardGrid
          testId="legal-document"
          items={(keysOf(LEGAL_DOCUMENTS) as LegalDocument[]).map((key) => ({
            key,
            title: l(`documents.${key}.title`),
            text: l(`documents.${key}.description`),
            badge: <Badge>{l(`categories.${LEGAL_DOCUMENTS[key].category}`)}</Badge>,
            children: (
              <>
                <p className="mt-2 text-xs text-slate-600">
                  {l('lastUpdated', { date: format.day(LEGAL_DOCUMENTS[key].updated, 'long') })}
                </p>
                <Link
                  to={`/legal/${key}`}
                  className={`${buttonClasses('secondary')} mt-4 self-start`}
                  aria-label={`${l('viewDocument')}: ${l(`documents.${key}.title`)}`}
                >
                  {l('viewDocument')}
                </Link>
              </>
            ),
          }))}
        />
      </Section>
      <Section id="compliance" title={l('complianceTitle')}>
        <CardGrid
          items={keysOf(en.compliance).map((key) => ({
            key,
            title: l(`compliance.${key}.title`),
            text: l(`compliance.${key}.text`),
          }))}
        />
      </Section>
      <Section id="terms" title={l('termsTitle')}>
        <CardGrid
          columns={4}
          testId="legal-term"
          items={keysOf(en.terms).map((key) => ({ key, title: l(`terms.${key}.title`), text: l(`terms.${key}.text`) }))}
        />
      </Section>
      <Section id="inquiries" title={l('inquiriesTitle')}>
        <CardGrid
          testId="legal-inquiry"
          items={keysOf(en.inquiries).map((key) => ({
            key,
            title: l(`inquiries.${key}.title`),
            text: l(`inquiries.${key}.text`),
            children: <p className="mt-1 text-sm text-slate-600">{l(`inquiries.${key}.note`)}</p>,
          }))}
        />
      </Section>
      <section aria-labelledby="updates-title" className="rounded-lg bg-blue-50 p-6">
        <h2 id="updates-title" className="text-xl font-bold">
          {l('updatesTitle')}
        </h2>
        <p className="mt-2 text-slate-700">{l('updatesText')}</p>
        <Link to={contactLink('general', l('subscribeSubject'))} className={`${buttonClasses('primary')} mt-4`}>
          {l('subscribe')}
        </Link>
      </section>
      <p className="text-sm italic text-slate-600">{l('disclaimer')}</p>
    </PageLayout>
  );
}

export function LegalDocumentRoute({ notFound }: { notFound: ReactNode }) {
  const { t } = useTranslation();
  const l = useLegalText();
  const format = useFormat();
  const { document = '' } = useParams();
  if (!(document in LEGAL_DOCUMENTS)) return <>{notFound}</>;
  const key = document as LegalDocument;
  return (
    <PageLayout
      path={`/legal/${key}`}
      title={l(`documents.${key}.title`)}
      intro={l(`documents.${key}.description`)}
      description={l(`documents.${key}.description`)}
    >
      <p className="text-sm text-slate-600">
        {l('lastUpdated', { date: format.day(LEGAL_DOCUMENTS[key].updated, 'long') })}
      </p>
      <article className="max-w-3xl space-y-8">
        {keysOf(en.documents[key].sections).map((section, i) => (
          <section key={section} aria-labelledby={`${section}-title`}>
            <h2 id={`${section}-title`} className="text-xl font-semibold">
              {i + 1}. {l(`documents.${key}.sections.${section}.title`)}
            </h2>
            <p className="mt-2 text-slate-700">{l(`documents.${key}.sections.${section}.text`)}</p>
          </section>
        ))}
      </article>
      <p className="text-sm italic text-slate-600">{l('disclaimer')}</p>
      <Link to="/legal" className={buttonClasses('secondary')}>
        {t('legalPages.backToLegal')}
      </Link>
    </PageLayout>
  );
}
