// /verify/<hash> (issue #57): the public page an evidence pack's code leads to, for whoever holds the
// paper (a transporter's accounts team, an arbitrator), without signing in, on a phone too. It asks the
// server about the code and shows what the pack was issued with: the facility, the booking, when, the
// detention and the late fee, to match against the paper; a code never issued (or edited on its way) is
// the server's refusal, in the page's language. The switch in the corner changes the language.
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { EvidenceVerification } from '@shared/contracts/detention';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { messageOf } from '../../../lib/api-client';
import { useServerText } from '../../../lib/server-text';
import { useFormat } from '../../../lib/format';
import { LanguageSwitch } from '../../../components/language-switch';
import { evidenceVerificationQuery } from '../api/detention';
import { useDuration } from '../duration';

function Confirmed({ pack }: { pack: EvidenceVerification }) {
  const { t } = useTranslation();
  // The pack holds its issue instant only: it is shown on India's clock, as the page says.
  const format = useFormat();
  const duration = useDuration();
  const row = (label: string, value: string, testId?: string) => (
    <div className="border-b border-slate-100 py-2" data-testid={testId}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
  return (
    <section aria-labelledby="verify-confirmed" className="space-y-3 rounded-lg border border-green-300 bg-white p-4">
      <p id="verify-confirmed" role="status" className="text-lg font-bold text-green-800">
        {t('detention.verify.confirmed')}
      </p>
      <p className="text-sm text-slate-700">{t('detention.verify.confirmedText')}</p>
      <dl>
        {row(t('detention.verify.facility'), pack.facility, 'verify-facility')}
        {row(t('detention.verify.booking'), pack.bookingReference, 'verify-booking')}
        {row(t('detention.verify.issuedAt'), format.dateTime(pack.issuedAt))}
        {row(
          t('detention.verify.detention'),
          t('detention.verify.detentionValue', {
            count: pack.chargedHours,
            minutes: duration(pack.detentionMinutes),
          }),
        )}
        {row(t('detention.verify.owed'), format.rupees(pack.detentionPaise), 'verify-owed')}
        {row(t('detention.verify.lateFee'), format.rupees(pack.lateFeePaise), 'verify-late-fee')}
      </dl>
      <div className="text-sm">
        <div className="text-slate-600">{t('detention.verify.code')}</div>
        <code className="block break-all rounded bg-slate-100 p-2 text-xs">{pack.hash}</code>
      </div>
    </section>
  );
}

export function VerifyRoute() {
  const { t } = useTranslation();
  const { hash = '' } = useParams();
  const serverText = useServerText();
  const verification = useQuery(evidenceVerificationQuery(hash));
  return (
    <main className="mx-auto min-h-screen max-w-md space-y-4 bg-slate-50 p-4">
      <div className="flex items-start justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('detention.verify.title')}</h1>
        <LanguageSwitch />
      </div>
      {verification.isLoading && (
        <p role="status" className="rounded-lg border border-slate-300 bg-white p-4 font-semibold text-slate-800">
          {t('detention.verify.loading')}
        </p>
      )}
      {verification.isError && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 font-semibold text-red-900">
          {serverText(messageOf(verification.error, t('detention.verify.failed')))}
        </p>
      )}
      {verification.data && <Confirmed pack={verification.data} />}
    </main>
  );
}
