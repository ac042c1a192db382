// /book/<token>: a facility's public link (features/landing) or, when the token is a booking link's
// (`<id>~<signature>`, issue #32), its page: the access code first, then the facility's booking form
// (the guest booking dialog of features/landing, reading and booking through the link) with the
// facility's appointment types and the custom fields carriers answer. The page opens in the language of
// the message that carried the link (`?lang=` in it, issue #53); the switch in the header changes it. The
// form checks the chosen type's quantity and fields before it sends, names the quantity by the type's
// unit, and keeps the booker's vehicle, driver and owner on the device for the next booking through the link.
import { useEffect, useMemo, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type * as z from 'zod/mini';
import { bookingLinkCodeSchema, LINK_LANGUAGE_PARAM, type OpenedBookingLink } from '@shared/contracts/booking-links';
import type { GuestBookingInput } from '@shared/contracts/appointments-guest';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { PublicHeader } from '../../../components/public-header';
import { ApiError, messageOf } from '../../../lib/api-client';
import { fieldBinder, schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';
import { setLanguage } from '../../../lib/i18n';
import { BookingFields } from '../../appointment-types';
import { GuestBookingDialog, LandingRoute } from '../../landing';
import { linkSource, useOpenBookingLink } from '../api/booking-links';
import { linkBookingSchema, unitOfType } from '../link-booking-schema';

// The custom booking fields' code is fetched with this form's, not when the form first renders them.
void BookingFields.preload();

/** A booking link's token names its item and signature with a tilde; a facility link has none. */
const isBookingLinkToken = (token: string) => token.includes('~');

export function BookRoute() {
  const { link = '' } = useParams();
  const { i18n } = useTranslation();
  const [search] = useSearchParams();
  const asked = search.get(LINK_LANGUAGE_PARAM);
  useEffect(() => {
    if ((asked === 'en' || asked === 'hi') && asked !== i18n.language) void setLanguage(asked);
    // Only when the link names a language, not on every switch the reader makes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);
  return isBookingLinkToken(link) ? <BookingLinkPage token={link} /> : <LandingRoute />;
}

type CodeInput = z.input<typeof bookingLinkCodeSchema>;

function BookingLinkPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<{ code: string; link: OpenedBookingLink } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <div className="min-h-screen bg-slate-50">
      <PublicHeader />
      <main className="mx-auto max-w-xl space-y-4 px-4 py-8">
        {opened ? (
          <Card>
            <CardHeader
              title={t('bookingLinks.page.title')}
              description={t('bookingLinks.page.bookingAt', {
                facility: opened.link.facilityName,
                company: opened.link.tenantName,
              })}
            />
            <CardBody className="space-y-3">
              {opened.link.carrierName && (
                <p className="text-sm text-slate-700">
                  {t('bookingLinks.page.forCarrier', { carrier: opened.link.carrierName })}
                </p>
              )}
              <Button onClick={() => setDialogOpen(true)}>{t('bookingLinks.page.book')}</Button>
            </CardBody>
          </Card>
        ) : (
          <CodeForm
            token={token}
            onOpened={(code, link) => {
              setOpened({ code, link });
              setDialogOpen(true);
            }}
          />
        )}
        {opened && (
          <LinkBookingDialog
            token={token}
            code={opened.code}
            link={opened.link}
            open={dialogOpen}
            onClose={() => setDialogOpen(false)}
          />
        )}
      </main>
    </div>
  );
}

function CodeForm({ token, onOpened }: { token: string; onOpened: (code: string, link: OpenedBookingLink) => void }) {
  const { t } = useTranslation();
  const open = useOpenBookingLink(token);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<CodeInput, unknown, CodeInput>({
    resolver: schemaResolver(bookingLinkCodeSchema),
    defaultValues: { code: '' },
  });
  const field = fieldBinder({ register, formState });
  const submit = handleSubmit(async ({ code }) => {
    setRefusal(null);
    try {
      onOpened(code, await open.mutateAsync(code));
    } catch (error) {
      // A wrong code shows under the field; a link withdrawn, expired, unknown or locked, above the form.
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length) showServerFieldErrors(error, setError);
      else setRefusal(messageOf(error, t('bookingLinks.toasts.failed')));
    }
  });
  return (
    <Card>
      <CardHeader title={t('bookingLinks.page.title')} description={t('bookingLinks.page.intro')} />
      <CardBody>
        <form noValidate onSubmit={submit} className="space-y-3">
          {refusal && (
            <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
              {refusal}
            </p>
          )}
          <Field
            label={t('bookingLinks.page.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...field('code')}
          />
          <Button type="submit" disabled={open.isPending}>
            {open.isPending ? t('bookingLinks.page.opening') : t('bookingLinks.page.open')}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}

function LinkBookingDialog({
  token,
  code,
  link,
  open,
  onClose,
}: {
  token: string;
  code: string;
  link: OpenedBookingLink;
  open: boolean;
  onClose: () => void;
}) {
  const source = useMemo(() => linkSource(token, code, link), [token, code, link]);
  const schema = useMemo(() => linkBookingSchema(link.setup), [link.setup]);
  return (
    <GuestBookingDialog
      open={open}
      onClose={onClose}
      source={source}
      schema={schema}
      unitOf={(typeId) => unitOfType(link.setup, typeId)}
      // The link's id (before the tilde): the details kept for it are never read through another link.
      rememberAs={token.split('~')[0]}
      loadExtras={(form) => <TypeAndFields link={link} form={form} />}
    />
  );
}

/** The facility's appointment types and the custom fields the chosen type asks carriers. */
function TypeAndFields({
  link,
  form,
}: {
  link: OpenedBookingLink;
  form: UseFormReturn<GuestBookingInput, unknown, unknown>;
}) {
  const { t, i18n } = useTranslation();
  const hindi = i18n.language === 'hi';
  const field = fieldBinder(form);
  const typeId = form.watch('typeId') ?? null;
  if (!link.setup.types.length) return null;
  return (
    <>
      <SelectField
        label={t('bookingLinks.page.type')}
        placeholder={t('bookingLinks.page.noType')}
        options={link.setup.types.map((type) => ({ value: type.id, label: (hindi && type.nameHi) || type.name }))}
        {...field('typeId')}
      />
      <BookingFields setup={link.setup} typeId={typeId || null} audience="carrier" form={form} />
    </>
  );
}
