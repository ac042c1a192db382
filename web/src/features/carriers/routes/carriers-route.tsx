// /carriers: carriers with their performance, and the drivers of the selected carrier.
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Mail, Pencil, Phone, Plus, Truck, User } from 'lucide-react';
import { driverChannels, driverLanguage } from '@shared/contracts/driver-reach';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ListDetailPage, QueryState } from '../../../components/list-detail';
import { Dialog } from '../../../components/ui/dialog';
import { useSession } from '../../../lib/session';
import { onTimeTone, useCarriers, useDrivers, type Driver } from '../api/carriers';
import { registerCatalogue } from '../../../lib/i18n';
import { loadLater } from '../../../lib/load-later';
import { carriersText } from '../i18n';

// The forms (react-hook-form and the contracts' schemas) are fetched when a dialog first opens them.
const CarrierForm = loadLater(async () => (await import('../components/carrier-form')).CarrierForm, {
  fallback: null,
});
const DriverForm = loadLater(async () => (await import('../components/driver-form')).DriverForm, { fallback: null });
// Carriers on DockSaathi (issue #59): the hub's links to carriers of the platform, fetched when shown.
const CarrierLinksSection = loadLater(
  async () => (await import('../components/carrier-links-section')).CarrierLinksSection,
  { fallback: null },
);

registerCatalogue(carriersText);

const TONE_TEXT = {
  green: 'text-green-700',
  yellow: 'text-amber-700',
  red: 'text-red-600',
  gray: 'text-slate-500',
} as const;

export function CarriersRoute() {
  const { t } = useTranslation();
  const { hasPermission } = useSession();
  const canEdit = hasPermission('carriers:write');
  const carriers = useCarriers();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'carrier' | 'driver' | null>(null);
  const [editing, setEditing] = useState<Driver | null>(null);
  const drivers = useDrivers(selectedId);
  const selected = carriers.data?.find((c) => c.id === selectedId) ?? null;

  return (
    <ListDetailPage
      heading={t('carriers.heading')}
      actions={
        <>
          {canEdit && (
            <Button
              onPointerEnter={CarrierForm.preload}
              onFocus={CarrierForm.preload}
              onClick={() => setDialog('carrier')}
            >
              <Plus className="h-4 w-4" aria-hidden /> {t('carriers.addCarrier')}
            </Button>
          )}
          {canEdit && selected && (
            <Button
              variant="secondary"
              onPointerEnter={DriverForm.preload}
              onFocus={DriverForm.preload}
              onClick={() => setDialog('driver')}
            >
              <Plus className="h-4 w-4" aria-hidden /> {t('carriers.addDriver')}
            </Button>
          )}
        </>
      }
      listTitle={t('carriers.listTitle', { count: carriers.data?.length ?? 0 })}
      list={
        <QueryState
          loading={carriers.isLoading}
          failed={carriers.isError}
          empty={!carriers.data?.length}
          texts={{ loading: t('carriers.loading'), failed: t('carriers.failed'), empty: t('carriers.empty') }}
        >
          <ul className="space-y-2" aria-label={t('carriers.carrierList')}>
            {(carriers.data ?? []).map((c) => {
              const tone = onTimeTone(c.onTimePercentage);
              return (
                <li key={c.id}>
                  <button
                    type="button"
                    onClick={() => setSelectedId(c.id)}
                    aria-pressed={c.id === selectedId}
                    className={`w-full rounded-lg border p-3 text-left ${c.id === selectedId ? 'border-blue-500 bg-blue-50' : 'border-slate-200 hover:bg-slate-50'}`}
                  >
                    <div className="flex items-center gap-2">
                      <Truck className="h-4 w-4 text-slate-500" aria-hidden />
                      <span className="font-semibold">{c.name}</span>
                      {c.isActive && <Badge tone="green">{t('carriers.active')}</Badge>}
                    </div>
                    <div className="mt-1 flex flex-wrap gap-4 text-sm text-slate-600">
                      {c.contactEmail && (
                        <span className="flex items-center gap-1">
                          <Mail className="h-3.5 w-3.5" aria-hidden />
                          {c.contactEmail}
                        </span>
                      )}
                      {c.contactPhone && (
                        <span className="flex items-center gap-1">
                          <Phone className="h-3.5 w-3.5" aria-hidden />
                          {c.contactPhone}
                        </span>
                      )}
                      {c.gstin && (
                        <span>
                          {t('carriers.form.gstin')} {c.gstin}
                        </span>
                      )}
                    </div>
                    <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
                      <div>
                        <dt className="text-slate-500">{t('carriers.onTime')}</dt>
                        <dd className={`font-semibold ${TONE_TEXT[tone]}`}>
                          {c.onTimePercentage === null ? '—' : `${c.onTimePercentage}%`}
                        </dd>
                      </div>
                      <div>
                        <dt className="text-slate-500">{t('carriers.appointments')}</dt>
                        <dd className="font-semibold">{c.totalAppointments}</dd>
                      </div>
                      <div>
                        <dt className="text-slate-500">{t('carriers.lateNoShow')}</dt>
                        <dd className="font-semibold">
                          {c.lateAppointments} / {c.noShowAppointments}
                        </dd>
                      </div>
                    </dl>
                  </button>
                </li>
              );
            })}
          </ul>
        </QueryState>
      }
      detailTitle={selected ? t('carriers.driversOf', { name: selected.name }) : t('carriers.drivers')}
      detail={
        !selected ? (
          <p className="text-sm text-slate-500">{t('carriers.selectCarrier')}</p>
        ) : (
          <QueryState
            loading={drivers.isLoading}
            empty={!drivers.data?.length}
            texts={{ loading: t('carriers.loadingDrivers'), empty: t('carriers.noDrivers') }}
          >
            <ul className="space-y-2" aria-label={t('carriers.driverList')}>
              {(drivers.data ?? []).map((d) => (
                <li key={d.id} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3">
                  <User className="h-5 w-5 text-slate-400" aria-hidden />
                  <div className="flex-1">
                    <div className="font-semibold">{d.name}</div>
                    <div className="text-sm text-slate-600">
                      {t('carriers.license', { number: d.licenseNumber })}
                      {d.phone ? ` · ${d.phone}` : ''}
                    </div>
                    <div className="text-xs text-slate-500">
                      {t('carriers.reachedBy', {
                        channels: driverChannels(d)
                          .map((c) => t(`carriers.channel.${c}`))
                          .join(' → '),
                        language: t(`common.languages.${driverLanguage(d)}`),
                      })}
                    </div>
                  </div>
                  {canEdit && (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t('carriers.editDriver', { name: d.name })}
                      onPointerEnter={DriverForm.preload}
                      onFocus={DriverForm.preload}
                      onClick={() => setEditing(d)}
                    >
                      <Pencil className="h-4 w-4" aria-hidden />
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </QueryState>
        )
      }
    >
      {hasPermission('carriers:read') && <CarrierLinksSection />}
      <Dialog open={dialog === 'carrier'} onClose={() => setDialog(null)} title={t('carriers.addCarrier')}>
        <CarrierForm onDone={() => setDialog(null)} />
      </Dialog>
      {selected && (
        <Dialog
          open={dialog === 'driver'}
          onClose={() => setDialog(null)}
          title={t('carriers.addDriverTo', { name: selected.name })}
        >
          <DriverForm carrierId={selected.id} onDone={() => setDialog(null)} />
        </Dialog>
      )}
      {selected && editing && (
        <Dialog open onClose={() => setEditing(null)} title={t('carriers.editDriverTitle', { name: editing.name })}>
          <DriverForm carrierId={selected.id} driver={editing} onDone={() => setEditing(null)} />
        </Dialog>
      )}
    </ListDetailPage>
  );
}
