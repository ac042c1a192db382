// /checkin/qr?t=...: what a driver's phone opens after scanning the gate QR code. A signed-in
// driver checks in with one tap on their session (never asked for a code they already proved);
// anyone else gives the booking code and mobile number.
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { CheckCircle2 } from 'lucide-react';
import { qrCheckinSchema } from '@shared/contracts/checkins';
import { PRODUCT_NAME } from '@shared/product';
import { Button } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { api, messageOf } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { fieldBinder, schemaResolver } from '../../../lib/form-errors';

/** The proof a driver without a session gives: the shared schema without the link's token. */
const proofSchema = z.omit(qrCheckinSchema, { token: true });
type Proof = z.output<typeof proofSchema>;

export function QrCheckinRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const { user } = useSession();
  const link = useQuery({
    queryKey: ['/api/checkins/qr-link', token],
    queryFn: () =>
      api.get<{ facilityName: string; address: string }>(`/api/checkins/qr-link?t=${encodeURIComponent(token)}`),
    enabled: token.length > 10,
  });
  const { register, handleSubmit, watch, formState } = useForm<z.input<typeof proofSchema>, unknown, Proof>({
    resolver: schemaResolver(proofSchema),
    defaultValues: { bookingReference: '', mobileNumber: '' },
  });
  const field = fieldBinder({ register, formState });
  const [bookingReference, mobileNumber] = watch(['bookingReference', 'mobileNumber']);
  const reference = register('bookingReference');
  const [result, setResult] = useState<{
    driverName: string;
    doorNumber: string | null;
    bookingReference: string;
  } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (proof?: Proof) => {
    setBusy(true);
    setError(null);
    try {
      setResult(await api.post('/api/checkins/qr', { token, ...proof }));
    } catch (e) {
      setError(messageOf(e, t('checkins.gate.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-md p-4">
      <div className="mb-4 text-lg font-bold text-blue-800">{PRODUCT_NAME}</div>
      <Card>
        <CardBody className="space-y-4">
          {link.isError || !token ? (
            <p className="text-red-600">{messageOf(link.error, t('checkins.gate.invalid'))}</p>
          ) : result ? (
            <div className="space-y-2 text-center" role="status">
              <CheckCircle2 className="mx-auto h-12 w-12 text-green-600" aria-hidden />
              <h1 className="text-xl font-bold">{t('checkins.gate.successTitle')}</h1>
              <p>{t('checkins.gate.checkedIn', { name: result.driverName, reference: result.bookingReference })}</p>
              <p className="font-semibold">
                {result.doorNumber ? t('checkins.gate.proceed', { door: result.doorNumber }) : t('checkins.gate.wait')}
              </p>
            </div>
          ) : (
            <>
              <div>
                <h1 className="text-xl font-bold">
                  {t('checkins.gate.title', { facility: link.data?.facilityName ?? '...' })}
                </h1>
                <p className="text-sm text-slate-600">{link.data?.address}</p>
              </div>
              {user?.driverId ? (
                <Button className="w-full" disabled={busy} onClick={() => void submit()}>
                  {t('checkins.gate.self')}
                </Button>
              ) : (
                <form className="space-y-3" noValidate onSubmit={handleSubmit((proof) => submit(proof))}>
                  <Field
                    label={t('checkins.gate.bookingCode')}
                    placeholder="DS-261123-ABC123"
                    {...reference}
                    onChange={(e) => {
                      e.target.value = e.target.value.toUpperCase();
                      return reference.onChange(e);
                    }}
                  />
                  <Field
                    label={t('checkins.gate.mobile')}
                    type="tel"
                    placeholder="+91 98765 43210"
                    {...field('mobileNumber')}
                  />
                  <Button type="submit" className="w-full" disabled={busy || !bookingReference || !mobileNumber}>
                    {t('checkins.gate.checkIn')}
                  </Button>
                </form>
              )}
              {error && (
                <p className="text-sm text-red-600" role="alert">
                  {error}
                </p>
              )}
            </>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
