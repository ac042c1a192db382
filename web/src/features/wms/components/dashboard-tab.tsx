// The Dashboard tab: five counts (refetched every 30 s), Quick Actions to the matching tabs and the
// fixed System Status labels of doc 3 §2.
import { useTranslation } from '../../../lib/i18n/use-translation';
import { CheckCircle2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { useDashboard } from '../api/wms';
import { localeOf } from '../../../lib/format';

export function DashboardTab({ onOpen }: { onOpen: (tab: 'facilities' | 'products' | 'inventory') => void }) {
  const { t, i18n } = useTranslation();
  const d = useDashboard().data;
  const stats = [
    { key: 'facilities', value: d?.facilities },
    { key: 'zones', value: d?.zones },
    { key: 'bins', value: d?.bins },
    { key: 'products', value: d?.products },
    { key: 'totalInventory', value: d?.totalInventoryQuantity },
  ];
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
        {stats.map((s) => (
          <Card key={s.key}>
            <CardBody>
              <div className="text-sm text-slate-500">{t(`wms.stats.${s.key}`)}</div>
              {/* Until the first answer a dash, not a zero that reads as "empty warehouse". */}
              <div className="text-2xl font-bold" data-testid={`wms-stat-${s.key}`} aria-busy={s.value === undefined}>
                {s.value === undefined ? '–' : s.value.toLocaleString(localeOf(i18n.language))}
              </div>
            </CardBody>
          </Card>
        ))}
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <Card>
          <CardHeader title={t('wms.quick.title')} />
          <CardBody className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => onOpen('facilities')}>
              {t('wms.quick.facilities')}
            </Button>
            <Button variant="secondary" onClick={() => onOpen('products')}>
              {t('wms.quick.products')}
            </Button>
            <Button variant="secondary" onClick={() => onOpen('inventory')}>
              {t('wms.quick.inventory')}
            </Button>
          </CardBody>
        </Card>
        <Card>
          <CardHeader title={t('wms.status.title')} />
          <CardBody>
            <ul className="space-y-1 text-sm">
              {(['database', 'api', 'capacity'] as const).map((k) => (
                <li key={k} className="flex items-center gap-2">
                  <CheckCircle2 className="h-4 w-4 text-green-600" aria-hidden /> {t(`wms.status.${k}`)}
                </li>
              ))}
            </ul>
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
