// /wms: the Warehouse Management System screen with its nine tabs (doc 3 §2). The tab is in the path
// (/wms/bins) and a list's filters in the query, so a reload or a shared link keeps the place.
// Writing controls show for wms:write; the server enforces the same permission on every change.
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { PATHS } from '@shared/navigation';
import { registerCatalogue } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { wmsText } from '../i18n';
import { AdjustmentsTab } from '../components/adjustments-tab';
import { CycleCountsTab } from '../components/cycle-counts-tab';
import { DashboardTab } from '../components/dashboard-tab';
import { FacilitiesTab } from '../components/facilities-tab';
import { BinsTab } from '../components/bins-tab';
import { InventoryTab } from '../components/inventory-tab';
import { ProductsTab } from '../components/products-tab';
import { ZonesTab } from '../components/zones-tab';
import { ReceivingTab } from '../components/receiving-tab';

registerCatalogue(wmsText);

const TABS = [
  'dashboard',
  'facilities',
  'zones',
  'bins',
  'products',
  'inventory',
  'receiving',
  'adjustments',
  'cycleCounts',
] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | undefined): value is Tab => TABS.includes(value as Tab);

export function WmsRoute() {
  const { t } = useTranslation();
  const { hasPermission } = useSession();
  const canWrite = hasPermission('wms:write');
  const navigate = useNavigate();
  const param = useParams().tab;
  const tab: Tab = isTab(param) ? param : 'dashboard';
  const setTab = (next: Tab) => navigate(next === 'dashboard' ? PATHS.wms : `${PATHS.wms}/${next}`);
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">{t('wms.title')}</h1>
        <p className="text-sm text-slate-600">{t('wms.subtitle')}</p>
      </div>
      <div
        role="tablist"
        aria-label={t('wms.title')}
        className="-mx-1 flex gap-1 overflow-x-auto border-b border-slate-200 px-1"
      >
        {TABS.map((id) => (
          <button
            key={id}
            role="tab"
            type="button"
            aria-selected={tab === id}
            className={`whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${tab === id ? 'border-blue-700 text-blue-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
            onClick={() => setTab(id)}
          >
            {t(`wms.tabs.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'dashboard' && <DashboardTab onOpen={setTab} />}
        {tab === 'facilities' && <FacilitiesTab />}
        {tab === 'zones' && <ZonesTab canWrite={canWrite} />}
        {tab === 'bins' && <BinsTab canWrite={canWrite} />}
        {tab === 'products' && <ProductsTab canWrite={canWrite} />}
        {tab === 'inventory' && <InventoryTab canWrite={canWrite} />}
        {tab === 'receiving' && <ReceivingTab canWrite={canWrite} />}
        {tab === 'adjustments' && <AdjustmentsTab canWrite={canWrite} />}
        {tab === 'cycleCounts' && <CycleCountsTab canWrite={canWrite} />}
      </div>
    </div>
  );
}
