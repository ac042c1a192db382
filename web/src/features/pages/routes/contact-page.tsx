// /contact (doc 3 §2): the contact form really sends (POST /api/contact). A page of its own, so the
// form's schemas come with this page only, not with /about and the other company pages.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { INQUIRY_TYPES, type InquiryType } from '@shared/contracts/contact';
import { buttonClasses } from '../../../components/ui/button';
import { useToast } from '../../../lib/toast';
import { useSendInquiry } from '../api/contact';
import { ContactForm } from '../components/contact-form';
import { BulletList, CardGrid, keysOf, PageLayout, Section } from '../components/page-layout';
import { contactLink } from './contact-link';
import { en, useCompanyText } from './company-pages';

export function ContactPage() {
  const { t } = useTranslation();
  const c = useCompanyText('contact');
  const { toast } = useToast();
  const [params] = useSearchParams();
  const [sent, setSent] = useState(0); // a new form after each message sent
  const send = useSendInquiry();
  const type = INQUIRY_TYPES.some((i) => i.value === params.get('type'))
    ? (params.get('type') as InquiryType)
    : 'general';
  return (
    <PageLayout path="/contact" title={c('title')} intro={c('intro')} description={t('pages.meta.contact')}>
      <Section id="form" title={c('formTitle')}>
        <div className="max-w-2xl">
          <ContactForm
            key={sent}
            initialType={type}
            initialSubject={params.get('subject')?.slice(0, 200) ?? ''}
            pending={send.isPending}
            onSubmit={(values, fail) =>
              send.mutate(values, {
                onSuccess: () => {
                  toast({ title: c('sentTitle'), description: c('sent', { name: values.name, email: values.email }) });
                  setSent((n) => n + 1);
                },
                onError: (error) =>
                  toast({
                    title: c('failedTitle'),
                    description: fail(error) ?? t('pages.tryAgain'),
                    variant: 'destructive',
                  }),
              })
            }
          />
        </div>
      </Section>
      <Section id="methods" title={c('methodsTitle')}>
        <CardGrid
          columns={4}
          testId="contact-method"
          items={keysOf(en.contact.methods).map((key) => ({
            key,
            title: c(`methods.${key}.title`),
            text: c(`methods.${key}.text`),
            children: <p className="mt-1 text-sm text-slate-600">{c(`methods.${key}.note`)}</p>,
          }))}
        />
      </Section>
      <Section id="offices" title={c('officesTitle')}>
        <CardGrid
          testId="office"
          items={keysOf(en.contact.offices).map((key) => ({
            key,
            title: c(`offices.${key}.title`),
            text: c(`offices.${key}.text`),
          }))}
        />
      </Section>
      <Section id="hours" title={c('hoursTitle')}>
        <BulletList items={keysOf(en.contact.hours).map((key) => ({ key, text: c(`hours.${key}`) }))} />
      </Section>
      <section aria-labelledby="demo-title" className="rounded-lg bg-blue-50 p-6">
        <h2 id="demo-title" className="text-xl font-bold">
          {c('demoTitle')}
        </h2>
        <p className="mt-2 text-slate-700">{c('demoText')}</p>
        <Link to={contactLink('demo', c('demoAction'))} className={`${buttonClasses('primary')} mt-4`}>
          {c('demoAction')}
        </Link>
      </section>
    </PageLayout>
  );
}
