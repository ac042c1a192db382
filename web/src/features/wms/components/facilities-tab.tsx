// The Facilities tab: the facilities domain's facilities, searched and paged here, with each one's
// bin code pattern (a warehouse setting) one click away.
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link } from 'react-router-dom';
import { facilityAddressLine } from '@shared/contracts/facility-address';
import { WMS_PAGE_SIZE } from '@shared/contracts/wms';
import { PATHS } from '@shared/navigation';
import { Button } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { useFacilities } from '../../facilities';
import { BinPatternForm } from './bin-pattern-form';
import { ListPager, ListSearch } from './entity-tab';

/**
 * The warehouse's facilities, read from the facilities domain: searched and paged here (a tenant has
 * a few), created and edited only on /facilities, whose opening hours slot booking depends on.
 */
export function FacilitiesTab() {
  const { t } = useTranslation();
  const facilities = useFacilities();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [patternOf, setPatternOf] = useState<string | null>(null);
  const wanted = search.trim().toLowerCase();
  const found = (facilities.data ?? []).filter(
    (f) => !wanted || [f.name, f.address, f.city].some((v) => v?.toLowerCase().includes(wanted)),
  );
  const pages = Math.max(1, Math.ceil(found.length / WMS_PAGE_SIZE));
  const shown = Math.min(page, pages);
  const rows = found.slice((shown - 1) * WMS_PAGE_SIZE, shown * WMS_PAGE_SIZE);
  const editing = (facilities.data ?? []).find((f) => f.id === patternOf);
  if (editing) return <BinPatternForm facility={editing} onClose={() => setPatternOf(null)} />;
  return (
    <Card>
      <CardBody className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <ListSearch value={search} onChange={(value) => (setSearch(value), setPage(1))} />
          <Link to={PATHS.facilities} className="text-sm font-medium text-blue-700 hover:underline">
            {t('wms.facilities.manage')}
          </Link>
        </div>
        <p className="text-sm text-slate-600">{t('wms.facilities.hint')}</p>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[640px] text-left text-sm" aria-label={t('wms.tabs.facilities')}>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                {[
                  t('wms.field.name'),
                  t('wms.field.address'),
                  t('wms.field.hoursStart'),
                  t('wms.field.dockDoors'),
                  t('wms.pattern.label'),
                ].map((label) => (
                  <th key={label} className="px-2 py-2 font-medium">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((f) => (
                <tr key={f.id} className="border-b border-slate-100">
                  <td className="px-2 py-2 font-medium">{f.name}</td>
                  <td className="px-2 py-2">{facilityAddressLine(f)}</td>
                  <td className="px-2 py-2">{`${f.operatingHoursStart}–${f.operatingHoursEnd}`}</td>
                  <td className="px-2 py-2">{f.totalDockDoors}</td>
                  <td className="px-2 py-2">
                    <Button size="sm" variant="ghost" onClick={() => setPatternOf(f.id)}>
                      {t('wms.pattern.edit')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {facilities.isLoading && <p className="p-3 text-sm text-slate-500">{t('wms.list.loading')}</p>}
          {!facilities.isLoading && !rows.length && <p className="p-3 text-sm text-slate-500">{t('wms.list.empty')}</p>}
        </div>
        <ListPager
          testId="facilities-pages"
          pagination={{ page: shown, pages, total: found.length }}
          onPrevious={shown > 1 ? () => setPage(shown - 1) : null}
          onNext={shown < pages ? () => setPage(shown + 1) : null}
        />
      </CardBody>
    </Card>
  );
}
