// /wms: the Warehouse Management System screen with its nine tabs (doc 3 §2). The tab is in the path
// (/wms/bins) and a list's filters in the query, so a reload or a shared link keeps the place.
// Writing controls show for wms:write; the server enforces the same permission on every change.
import { Suspense } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { PATHS } from '@shared/navigation';
import { registerCatalogue } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { wmsText } from '../i18n';
import { DashboardTab } from '../components/dashboard-tab';
import { loadLater } from '../../../lib/load-later';
import { Spinner } from '../../../components/ui/spinner';

registerCatalogue(wmsText);

// The first screen is the dashboard tab; every other tab, with its forms (zod, react-hook-form), is
// fetched when opened or when the pointer or focus reaches its button (issue #34: a signed-in first
// screen loads at most 120 KB). It waits in the tab panel's Suspense, under the tabs.
const FacilitiesTab = loadLater(async () => (await import('../components/facilities-tab')).FacilitiesTab);
const ZonesTab = loadLater(async () => (await import('../components/zones-tab')).ZonesTab);
const BinsTab = loadLater(async () => (await import('../components/bins-tab')).BinsTab);
const ProductsTab = loadLater(async () => (await import('../components/products-tab')).ProductsTab);
const InventoryTab = loadLater(async () => (await import('../components/inventory-tab')).InventoryTab);
const ReceivingTab = loadLater(async () => (await import('../components/receiving-tab')).ReceivingTab);
const AdjustmentsTab = loadLater(async () => (await import('../components/adjustments-tab')).AdjustmentsTab);
const CycleCountsTab = loadLater(async () => (await import('../components/cycle-counts-tab')).CycleCountsTab);
const LATER_TABS = {
  facilities: FacilitiesTab,
  zones: ZonesTab,
  bins: BinsTab,
  products: ProductsTab,
  inventory: InventoryTab,
  receiving: ReceivingTab,
  adjustments: AdjustmentsTab,
  cycleCounts: CycleCountsTab,
};

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
            onPointerEnter={id === 'dashboard' ? undefined : LATER_TABS[id].preload}
            onFocus={id === 'dashboard' ? undefined : LATER_TABS[id].preload}
          >
            {t(`wms.tabs.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          {tab === 'dashboard' && <DashboardTab onOpen={setTab} />}
          {tab === 'facilities' && <FacilitiesTab />}
          {tab === 'zones' && <ZonesTab canWrite={canWrite} />}
          {tab === 'bins' && <BinsTab canWrite={canWrite} />}
          {tab === 'products' && <ProductsTab canWrite={canWrite} />}
          {tab === 'inventory' && <InventoryTab canWrite={canWrite} />}
          {tab === 'receiving' && <ReceivingTab canWrite={canWrite} />}
          {tab === 'adjustments' && <AdjustmentsTab canWrite={canWrite} />}
          {tab === 'cycleCounts' && <CycleCountsTab canWrite={canWrite} />}
        </Suspense>
      </div>
    </div>
  );
}
