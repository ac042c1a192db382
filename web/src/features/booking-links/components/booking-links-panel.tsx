// /configuration's "Booking links" section for one facility (issue #32): staff who set up facilities
// make a link (a label, an optional carrier, how many days it lasts), see its access code once, send
// the link and its code by SMS or WhatsApp (again whenever they like, with the same code: issue #53),
// copy the link, give it a new code (after saying yes to replacing the old one) or withdraw it. A send
// is confirmed by a toast naming the channel and number; each refusal of the API shows under its
// field, or in a toast with its reason, in the reader's language.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import {
  BOOKING_LINK_CHANNELS,
  bookingLinkInputSchema,
  bookingLinkSendSchema,
  DEFAULT_LINK_DAYS,
  type BookingLink,
  type BookingLinkWithCode,
} from '@shared/contracts/booking-links';
import { LANGUAGES } from '@shared/contracts/messaging-templates';
import { PATHS } from '@shared/navigation';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useSession } from '../../../lib/session';
import { useFormat } from '../../../lib/format';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { useCarriers } from '../../carriers';
import {
  useBookingLinks,
  useCreateBookingLink,
  useNewBookingLinkCode,
  useRevokeBookingLink,
  useSendBookingLink,
} from '../api/booking-links';

type LinkInput = z.input<typeof bookingLinkInputSchema>;
type LinkOutput = z.output<typeof bookingLinkInputSchema>;

const linkUrl = (token: string) => `${window.location.origin}${PATHS.book}/${token}`;

export function BookingLinksPanel({ facilityId }: { facilityId: string }) {
  const { t } = useTranslation();
  const { hasPermission } = useSession();
  const links = useBookingLinks(facilityId);
  // The code of a link made or re-coded on this screen: shown (and sendable) until the screen is left.
  const [shown, setShown] = useState<BookingLinkWithCode | null>(null);
  if (!hasPermission('facilities:write')) return null;
  return (
    <Card>
      <CardHeader title={t('bookingLinks.title')} description={t('bookingLinks.description')} />
      <CardBody className="space-y-4">
        <CreateForm key={facilityId} facilityId={facilityId} onCreated={setShown} />
        {links.data && !links.data.length && <p className="text-sm text-slate-500">{t('bookingLinks.empty')}</p>}
        <ul className="divide-y divide-slate-100" aria-label={t('bookingLinks.title')}>
          {(links.data ?? []).map((link) => (
            <LinkRow
              key={link.id}
              facilityId={facilityId}
              link={link}
              code={shown?.link.id === link.id ? shown.code : null}
              onRecoded={setShown}
            />
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}

function CreateForm({ facilityId, onCreated }: { facilityId: string; onCreated: (made: BookingLinkWithCode) => void }) {
  const { t } = useTranslation();
  const carriers = useCarriers();
  const create = useCreateBookingLink(facilityId);
  const blank: LinkInput = { facilityId, label: '', carrierId: '', validDays: DEFAULT_LINK_DAYS };
  const { register, handleSubmit, formState, setError, reset } = useForm<LinkInput, unknown, LinkOutput>({
    resolver: schemaResolver(bookingLinkInputSchema),
    defaultValues: blank,
  });
  const field = fieldBinder({ register, formState });
  return (
    <form
      noValidate
      aria-label={t('bookingLinks.create')}
      className="grid gap-3 md:grid-cols-4"
      onSubmit={handleSubmit((values) =>
        create.mutate(values, {
          onSuccess: (made) => {
            reset(blank);
            onCreated(made);
          },
          onError: (error) => showServerFieldErrors(error, setError),
        }),
      )}
    >
      <Field label={t('bookingLinks.label')} {...field('label')} />
      <SelectField
        label={t('bookingLinks.carrier')}
        placeholder={t('bookingLinks.anyCarrier')}
        options={(carriers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        {...field('carrierId')}
      />
      <Field label={t('bookingLinks.validDays')} type="number" min={1} inputMode="numeric" {...field('validDays')} />
      <div className="self-end">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('bookingLinks.creating') : t('bookingLinks.create')}
        </Button>
      </div>
    </form>
  );
}

function LinkRow({
  facilityId,
  link,
  code,
  onRecoded,
}: {
  facilityId: string;
  link: BookingLink;
  code: string | null;
  onRecoded: (made: BookingLinkWithCode) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const revoke = useRevokeBookingLink(facilityId);
  const recode = useNewBookingLinkCode(facilityId);
  // When the screen was opened: a link that lapses while it is open still reads valid until it is reloaded.
  const [openedAt] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const [askingRecode, setAskingRecode] = useState(false);
  const expired = Date.parse(link.expiresAt) <= openedAt;
  const inForce = !link.revokedAt && !expired;
  // A link just made or re-coded opens with its send form; any other link's opens on "Send link".
  const sendShown = inForce && (sending || code !== null);
  return (
    <li className="space-y-2 py-3" data-testid="booking-link">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{link.label}</span>
        {link.carrierName && <Badge>{t('bookingLinks.forCarrier', { carrier: link.carrierName })}</Badge>}
        {link.revokedAt ? (
          <Badge tone="red">{t('bookingLinks.withdrawn')}</Badge>
        ) : expired ? (
          <Badge tone="yellow">{t('bookingLinks.expired')}</Badge>
        ) : (
          <span className="text-sm text-slate-500">
            {t('bookingLinks.expires', { date: format.dateTime(link.expiresAt) })}
          </span>
        )}
      </div>
      <p className="break-all text-sm text-slate-700">
        <code>{linkUrl(link.token)}</code>
      </p>
      {code && inForce && (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 p-2 text-sm text-green-900">
          {t('bookingLinks.codeShown', { code })}
        </p>
      )}
      {inForce && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(linkUrl(link.token))}>
            {t('bookingLinks.copy')}
          </Button>
          {!sendShown && (
            <Button variant="secondary" onClick={() => setSending(true)}>
              {t('bookingLinks.send')}
            </Button>
          )}
          <Button variant="secondary" onClick={() => setAskingRecode(true)}>
            {t('bookingLinks.newCode')}
          </Button>
          <Button variant="danger" onClick={() => revoke.mutate(link)}>
            {t('bookingLinks.revoke')}
          </Button>
        </div>
      )}
      {sendShown && <SendForm linkId={link.id} />}
      <ConfirmDialog
        open={askingRecode}
        title={t('bookingLinks.recode.title')}
        confirmLabel={t('bookingLinks.recode.confirm')}
        pending={recode.isPending}
        onCancel={() => setAskingRecode(false)}
        onConfirm={() =>
          recode.mutate(link, {
            onSuccess: (made) => {
              setAskingRecode(false);
              onRecoded(made);
            },
          })
        }
      >
        {t('bookingLinks.recode.text', { label: link.label })}
      </ConfirmDialog>
    </li>
  );
}

type SendInput = z.input<typeof bookingLinkSendSchema>;
type SendOutput = z.output<typeof bookingLinkSendSchema>;

/** Sends the link with its current code (the server keeps it sealed): as often as staff like, to anyone. */
function SendForm({ linkId }: { linkId: string }) {
  const { t, i18n } = useTranslation();
  const send = useSendBookingLink(linkId);
  const { register, handleSubmit, formState, setError, resetField } = useForm<SendInput, unknown, SendOutput>({
    resolver: schemaResolver(bookingLinkSendSchema),
    defaultValues: { mobileNumber: '', language: i18n.language === 'hi' ? 'hi' : 'en', channel: 'sms' },
  });
  const field = fieldBinder({ register, formState });
  return (
    <form
      noValidate
      aria-label={t('bookingLinks.send')}
      className="grid gap-3 md:grid-cols-4"
      onSubmit={handleSubmit((values) =>
        send.mutate(values, {
          // Ready for the next number; the language and channel chosen stay.
          onSuccess: () => resetField('mobileNumber'),
          onError: (error) => showServerFieldErrors(error, setError),
        }),
      )}
    >
      <Field label={t('bookingLinks.sendTo')} type="tel" placeholder="98XXXXXXXX" {...field('mobileNumber')} />
      <SelectField
        label={t('bookingLinks.sendLanguage')}
        options={LANGUAGES.map((l) => ({ value: l, label: t(`bookingLinks.languages.${l}`) }))}
        {...field('language')}
      />
      <SelectField
        label={t('bookingLinks.sendChannel')}
        options={BOOKING_LINK_CHANNELS.map((c) => ({ value: c, label: t(`bookingLinks.channels.${c}`) }))}
        {...field('channel')}
      />
      <div className="self-end">
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t('bookingLinks.sending') : t('bookingLinks.send')}
        </Button>
      </div>
    </form>
  );
}
