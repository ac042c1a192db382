// What the truck chosen in receiving was booked with: its PO (filled into the form), pallets,
// cartons and goods, and, when its PO is on the facility's list (issue #32), the PO's ledger and
// expected lines (expected, received, open), each of which fills the form's product and quantity.
// Only a PO that is not on a list leaves the booking without product lines, and the panel says so.
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useFormat } from '../../../lib/format';
import { Button } from '../../../components/ui/button';
import type { DockAppointment, ExpectedLine } from '../api/wms';

export function TruckExpected({
  truck,
  onChooseLine,
}: {
  truck: DockAppointment;
  onChooseLine: (line: ExpectedLine) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const order = truck.expected;
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
      {order ? (
        <>
          <p data-testid="po-ledger">
            {t('wms.receiving.poLedger', {
              po: order.po,
              ordered: format.number(order.ordered),
              received: format.number(order.received),
              open: format.number(order.openQuantity),
            })}
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-left">
              <caption className="sr-only">{t('wms.receiving.lines')}</caption>
              <thead className="text-xs text-slate-600">
                <tr>
                  <th className="py-1 pr-2">{t('wms.receiving.lineSku')}</th>
                  <th className="py-1 pr-2 text-right">{t('wms.receiving.lineExpected')}</th>
                  <th className="py-1 pr-2 text-right">{t('wms.receiving.lineReceived')}</th>
                  <th className="py-1 pr-2 text-right">{t('wms.receiving.lineOpen')}</th>
                  <th className="py-1" />
                </tr>
              </thead>
              <tbody>
                {order.lines.map((line, index) => (
                  <tr key={`${line.sku}-${index}`} className="border-t border-slate-200" data-testid="expected-line">
                    <td className="py-1 pr-2">
                      {line.sku}
                      <span className="block text-xs text-slate-600">
                        {line.product ? line.product.name : t('wms.receiving.notInWms')}
                      </span>
                    </td>
                    <td className="py-1 pr-2 text-right">{format.number(line.expected)}</td>
                    <td className="py-1 pr-2 text-right">{format.number(line.received)}</td>
                    <td className="py-1 pr-2 text-right">{format.number(line.open)}</td>
                    <td className="py-1 text-right">
                      {line.product && line.open > 0 && (
                        <Button variant="secondary" onClick={() => onChooseLine(line)}>
                          {t('wms.receiving.useLine')}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p className="text-slate-600">{t('wms.receiving.missingLines')}</p>
      )}
    </div>
  );
}
