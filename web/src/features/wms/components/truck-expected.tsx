// What the truck chosen in receiving was booked with: its PO (filled into the form), pallets,
// cartons and goods. A booking carries no product lines, and the panel says so rather than guess.
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import type { DockAppointment } from '../api/wms';

export function TruckExpected({ truck }: { truck: DockAppointment }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div
      className="space-y-1 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm sm:col-span-2"
      data-testid="truck-expected"
    >
      <p className="font-medium">{t('wms.receiving.expectedTitle', { reference: truck.bookingReference })}</p>
      <p>{truck.poNumber ? t('wms.receiving.expectedPo', { po: truck.poNumber }) : t('wms.receiving.missingPo')}</p>
      {(truck.palletCount !== null || truck.cartonCount !== null) && (
        <p>
          {t('wms.receiving.expectedUnits', {
            pallets: truck.palletCount === null ? '—' : format.number(truck.palletCount),
            cartons: truck.cartonCount === null ? '—' : format.number(truck.cartonCount),
          })}
        </p>
      )}
      {truck.goodsType && <p>{t('wms.receiving.expectedGoods', { goods: truck.goodsType })}</p>}
      <p className="text-slate-600">{t('wms.receiving.missingLines')}</p>
    </div>
  );
}
