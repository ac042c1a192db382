// The Receiving tab (Goods Receiving form, doc 3 §2): facility, product, bin (disabled until a
// facility is chosen, its bins only), quantity, unit cost, lot, expiry, PO, notes, and optionally
// a truck at that facility's dock (dock-to-stock): choosing it fills its PO and shows what it was booked
// with, and its PO's expected lines when the PO is on the facility's list (a line fills product and quantity). After a line is received the facility, truck and PO stay for the next line. Scan mode looks a
// typed or scanned code up by SKU or barcode; a GS1 string fills product (GTIN), lot (10) and expiry (17).
import { useCallback, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Camera, ScanLine } from 'lucide-react';
import type * as z from 'zod/mini';
import { capacityProblem, type Bin, type Paged, type Product } from '@shared/contracts/wms';
import { receiveSchema } from '@shared/contracts/wms-stock';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field, inputClasses } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { api } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { queryString, useAppointmentReceipts, useDockAppointments, useReceive, useWmsOptions } from '../api/wms';
import { gtinCandidates, parseGs1 } from '../gs1';
import { CameraScanner } from './camera-scanner';
import { TruckExpected } from './truck-expected';
import { schemaResolver, showServerFieldErrors } from '../../../lib/form-errors';

type FormInput = z.input<typeof receiveSchema>;
type FormOutput = z.output<typeof receiveSchema>;
const EMPTY: FormInput = {
  facilityId: '',
  productId: '',
  binId: '',
  quantity: 1,
  unitCost: '',
  lotNumber: '',
  expiryDate: '',
  poNumber: '',
  notes: '',
  appointmentId: '',
};

async function productByCode(code: string): Promise<Product | null> {
  const res = await api.get<Paged<Product>>(`/api/wms/products${queryString({ code })}`);
  return res.data[0] ?? null;
}

export function ReceivingTab({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const options = useWmsOptions().data;
  const receive = useReceive();
  const [scanning, setScanning] = useState(false);
  const [camera, setCamera] = useState(false);
  const [code, setCode] = useState('');
  const [found, setFound] = useState<{ id: string; name: string; sku: string }[]>([]);
  const [search, setSearch] = useState('');
  const { register, handleSubmit, formState, control, setValue, reset, setError } = useForm<
    FormInput,
    unknown,
    FormOutput
  >({ resolver: schemaResolver(receiveSchema), defaultValues: EMPTY });
  const [facilityId, binId, quantity, appointmentId, productId] = useWatch({
    control,
    name: ['facilityId', 'binId', 'quantity', 'appointmentId', 'productId'],
  });
  // Serial numbers are typed one per line; the form sends them as the list the schema takes.
  const [serials, setSerials] = useState('');
  const searched = useQuery({
    queryKey: ['/api/wms/products', 'receiving', search],
    queryFn: () => api.get<Paged<Product>>(`/api/wms/products${queryString({ search, isActive: 'true', limit: 20 })}`),
    enabled: search.trim().length > 0,
  });
  const bin = useQuery({
    queryKey: ['/api/wms/bins', binId],
    queryFn: () => api.get<Bin>(`/api/wms/bins/${binId}`),
    enabled: !!binId,
  }).data;
  const dock = useDockAppointments(facilityId ?? '');
  const appointments = dock.data?.data ?? [];
  const truck = appointments.find((a) => a.id === appointmentId) ?? null;
  const receipts = useAppointmentReceipts(appointmentId ?? '').data?.data ?? [];
  const capacity = bin && bin.id === binId ? capacityProblem(bin, Number(quantity) || 0) : null;
  const e = formState.errors;

  const products = [...found, ...(searched.data?.data ?? []), ...(options?.products ?? [])].filter(
    (p, i, all) => all.findIndex((q) => q.id === p.id) === i,
  );
  const bins = (options?.bins ?? []).filter((b) => b.facilityId === facilityId);
  const tracking = [...(searched.data?.data ?? []), ...(options?.products ?? [])].find((p) => p.id === productId);

  const lookUp = useCallback(
    async (raw: string) => {
      const text = raw.trim();
      if (!text) return;
      const gs1 = parseGs1(text);
      let product: Product | null = null;
      for (const candidate of gs1?.gtin ? gtinCandidates(gs1.gtin) : [text]) {
        product = await productByCode(candidate).catch(() => null);
        if (product) break;
      }
      if (gs1?.lot) setValue('lotNumber', gs1.lot);
      if (gs1?.expiry) setValue('expiryDate', gs1.expiry);
      if (!product) {
        toast({ title: t('wms.scan.notFoundTitle'), description: t('wms.scan.notFound'), variant: 'destructive' });
        return;
      }
      setFound((list) => [{ id: product.id, name: product.name, sku: product.sku }, ...list]);
      setTimeout(() => setValue('productId', product.id, { shouldValidate: true }));
      setCode('');
      toast({ title: t('wms.scan.foundTitle'), description: t('wms.scan.found', { name: product.name }) });
    },
    [setValue, toast, t],
  );
  const onCamera = useCallback((scanned: string) => (setCamera(false), void lookUp(scanned)), [lookUp]);

  const onSubmit = handleSubmit((values) => {
    if (capacity) {
      toast({ title: t('wms.capacityError.title'), description: t('wms.capacityError.text'), variant: 'destructive' });
      return;
    }
    const serialNumbers = tracking?.isSerialTracked
      ? serials
          .split('\n')
          .map((v) => v.trim())
          .filter(Boolean)
      : [];
    receive.mutate(
      { ...values, serialNumbers },
      {
        // The next line comes off the same truck at the same facility: those stay, the line's fields clear.
        onSuccess: () => (
          reset({
            ...EMPTY,
            facilityId: values.facilityId,
            appointmentId: values.appointmentId ?? '',
            poNumber: values.poNumber ?? '',
          }),
          setSerials('')
        ),
        // A refusal marks its field and keeps everything typed.
        onError: (error) => showServerFieldErrors(error, setError),
      },
    );
  });

  return (
    <Card>
      <CardHeader
        title={t('wms.receiving.title')}
        action={
          <Button variant="secondary" onClick={() => (setScanning(!scanning), setCamera(false))}>
            <ScanLine className="h-4 w-4" aria-hidden />{' '}
            {scanning ? t('wms.receiving.exitScan') : t('wms.receiving.scan')}
          </Button>
        }
      />
      <CardBody className="space-y-4">
        {scanning && (
          <div className="space-y-2 rounded-md border border-blue-200 bg-blue-50 p-3">
            <label className="block text-sm font-medium" htmlFor="wms-barcode">
              {t('wms.receiving.barcode')}
            </label>
            <div className="flex gap-2">
              <input
                id="wms-barcode"
                className={inputClasses}
                value={code}
                // A barcode scanner types into whatever has focus: the scan field takes it when the step opens.
                // eslint-disable-next-line jsx-a11y/no-autofocus
                autoFocus
                autoComplete="off"
                inputMode="text"
                onChange={(ev) => setCode(ev.target.value)}
                onKeyDown={(ev) => {
                  if (ev.key === 'Enter') {
                    ev.preventDefault();
                    void lookUp(code);
                  }
                }}
              />
              <Button variant="secondary" aria-label={t('wms.receiving.camera')} onClick={() => setCamera(!camera)}>
                <Camera className="h-4 w-4" aria-hidden />
              </Button>
            </div>
            <p className="text-xs text-slate-600">{t('wms.receiving.barcodeHint')}</p>
            {camera && <CameraScanner onCode={onCamera} onClose={() => setCamera(false)} />}
          </div>
        )}
        <form noValidate onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label={`${t('wms.field.facility')} *`}
            options={(options?.facilities ?? []).map((f) => ({ value: f.id, label: f.name }))}
            placeholder={t('wms.field.choose')}
            error={e.facilityId?.message}
            {...register('facilityId', { onChange: () => (setValue('binId', ''), setValue('appointmentId', '')) })}
          />
          <div>
            <Field
              label={t('wms.receiving.findProduct')}
              type="search"
              value={search}
              onChange={(ev) => setSearch(ev.target.value)}
            />
          </div>
          <SelectField
            className="sm:col-span-2"
            label={`${t('wms.field.product')} *`}
            options={products.map((p) => ({ value: p.id, label: `${p.name} (${p.sku})` }))}
            placeholder={t('wms.field.choose')}
            error={e.productId?.message}
            {...register('productId')}
          />
          <SelectField
            label={t('wms.field.bin')}
            disabled={!facilityId}
            options={bins.map((b) => ({ value: b.id, label: `${b.code} (${b.zone.name})` }))}
            placeholder={t('wms.field.none')}
            error={e.binId?.message}
            {...register('binId')}
          />
          <Field
            label={`${t('wms.field.quantity')} *`}
            type="number"
            min={1}
            inputMode="numeric"
            error={e.quantity?.message}
            {...register('quantity')}
          />
          <Field
            label={t('wms.field.unitCost')}
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            error={e.unitCost?.message}
            {...register('unitCost')}
          />
          <Field
            label={`${t('wms.field.lot')}${tracking?.isLotTracked ? ' *' : ''}`}
            error={e.lotNumber?.message}
            {...register('lotNumber')}
          />
          {tracking?.isSerialTracked && (
            <label className="text-sm sm:col-span-2">
              <span className="mb-1 block font-medium">{t('wms.receiving.serials')} *</span>
              <textarea
                className={inputClasses}
                rows={3}
                value={serials}
                onChange={(ev) => setSerials(ev.target.value)}
                aria-invalid={!!e.serialNumbers}
              />
              {e.serialNumbers?.message && (
                <span role="alert" className="mt-1 block text-red-700">
                  {e.serialNumbers.message}
                </span>
              )}
            </label>
          )}
          <Field label={t('wms.field.expiry')} type="date" error={e.expiryDate?.message} {...register('expiryDate')} />
          <Field label={t('wms.field.po')} error={e.poNumber?.message} {...register('poNumber')} />
          <SelectField
            className="sm:col-span-2"
            label={t('wms.field.appointment')}
            disabled={!facilityId}
            options={appointments.map((a) => ({
              value: a.id,
              label: [
                a.bookingReference,
                t(`wms.receiving.stage.${a.stage}`),
                [a.carrierName, a.vehicleLicense].filter(Boolean).join(' '),
                a.doorNumber ? t('wms.receiving.door', { door: a.doorNumber }) : null,
              ]
                .filter(Boolean)
                .join(' · '),
            }))}
            placeholder={t('wms.field.none')}
            error={e.appointmentId?.message}
            {...register('appointmentId', {
              // The truck's PO fills the PO field (one typed already is replaced only by a PO the truck has).
              onChange: (ev: { target: { value: string } }) => {
                const chosen = appointments.find((a) => a.id === ev.target.value);
                if (chosen?.poNumber) setValue('poNumber', chosen.poNumber, { shouldValidate: true });
              },
            })}
          />
          {facilityId && dock.isSuccess && !appointments.length && (
            <p className="-mt-2 text-xs text-slate-500 sm:col-span-2">{t('wms.receiving.noTrucks')}</p>
          )}
          {truck && (
            <TruckExpected
              truck={truck}
              // A line of the truck's PO fills the product and what is still open of it.
              onChooseLine={(line) => {
                const product = line.product!;
                setFound((list) => [product, ...list]);
                setTimeout(() => {
                  setValue('productId', product.id, { shouldValidate: true });
                  setValue('quantity', line.open, { shouldValidate: true });
                });
              }}
            />
          )}
          <Field
            className="sm:col-span-2"
            label={t('wms.field.notes')}
            error={e.notes?.message}
            {...register('notes')}
          />
          {capacity && (
            <p
              role="alert"
              className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-700 sm:col-span-2"
            >
              {capacity}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
            <Button variant="secondary" onClick={() => reset(EMPTY)}>
              {t('wms.receiving.clear')}
            </Button>
            <Button type="submit" disabled={receive.isPending || !canWrite}>
              {receive.isPending ? t('wms.receiving.pending') : t('wms.receiving.submit')}
            </Button>
          </div>
        </form>
        {appointmentId && (
          <div className="rounded-md border border-slate-200 p-3 text-sm">
            <h3 className="mb-1 font-semibold">{t('wms.receiving.received')}</h3>
            {receipts.length ? (
              <ul className="space-y-1">
                {receipts.map((r) => (
                  <li key={r.id}>
                    {r.quantity} × {r.productName} ({r.productSku}){r.binCode ? ` → ${r.binCode}` : ''}
                    {r.lotNumber ? ` · ${r.lotNumber}` : ''}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-slate-500">{t('wms.receiving.noReceipts')}</p>
            )}
          </div>
        )}
      </CardBody>
    </Card>
  );
}
