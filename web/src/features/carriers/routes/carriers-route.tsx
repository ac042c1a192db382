// /carriers: carriers with their performance, and the drivers of the selected carrier.
import { useState } from 'react';
import { Mail, Phone, Plus, Truck, User } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ListDetailPage, QueryState } from '../../../components/list-detail';
import { Dialog } from '../../../components/ui/dialog';
import { useSession } from '../../../lib/session';
import { onTimeTone, useCarriers, useDrivers } from '../api/carriers';
import { CarrierForm } from '../components/carrier-form';
import { DriverForm } from '../components/driver-form';

const TONE_TEXT = { green: 'text-green-700', yellow: 'text-amber-600', red: 'text-red-600', gray: 'text-slate-500' } as const;

export function CarriersRoute() {
  const { hasPermission } = useSession();
  const canEdit = hasPermission('carriers:write');
  const carriers = useCarriers();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'carrier' | 'driver' | null>(null);
  const drivers = useDrivers(selectedId);
  const selected = carriers.data?.find((c) => c.id === selectedId) ?? null;

  return (
    <ListDetailPage
      heading="Carriers"
      actions={
        <>
          {canEdit && (
            <Button onClick={() => setDialog('carrier')}>
              <Plus className="h-4 w-4" aria-hidden /> Add Carrier
            </Button>
          )}
          {canEdit && selected && (
            <Button variant="secondary" onClick={() => setDialog('driver')}>
              <Plus className="h-4 w-4" aria-hidden /> Add Driver
            </Button>
          )}
        </>
      }
      listTitle={`Carriers (${carriers.data?.length ?? 0})`}
      list={
        <QueryState loading={carriers.isLoading} failed={carriers.isError} empty={!carriers.data?.length} texts={{ loading: 'Loading carriers...', failed: 'Failed to load carriers', empty: 'No carriers yet' }}>
              <ul className="space-y-2" aria-label="Carrier list">
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
                          {c.isActive && <Badge tone="green">Active</Badge>}
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
                        </div>
                        <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
                          <div>
                            <dt className="text-slate-500">On-time</dt>
                            <dd className={`font-semibold ${TONE_TEXT[tone]}`}>{c.onTimePercentage === null ? '—' : `${c.onTimePercentage}%`}</dd>
                          </div>
                          <div>
                            <dt className="text-slate-500">Appointments</dt>
                            <dd className="font-semibold">{c.totalAppointments}</dd>
                          </div>
                          <div>
                            <dt className="text-slate-500">Late / No-show</dt>
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
      detailTitle={selected ? `Drivers — ${selected.name}` : 'Drivers'}
      detail={
        !selected ? (
          <p className="text-sm text-slate-500">Select a carrier to view its drivers</p>
        ) : (
          <QueryState loading={drivers.isLoading} empty={!drivers.data?.length} texts={{ loading: 'Loading drivers...', empty: 'No drivers yet' }}>
              <ul className="space-y-2" aria-label="Driver list">
                {(drivers.data ?? []).map((d) => (
                  <li key={d.id} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3">
                    <User className="h-5 w-5 text-slate-400" aria-hidden />
                    <div>
                      <div className="font-semibold">{d.name}</div>
                      <div className="text-sm text-slate-600">
                        License {d.licenseNumber}
                        {d.phone ? ` · ${d.phone}` : ''}
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
          </QueryState>
        )
      }
    >
      <Dialog open={dialog === 'carrier'} onClose={() => setDialog(null)} title="Add Carrier">
        <CarrierForm onDone={() => setDialog(null)} />
      </Dialog>
      {selected && (
        <Dialog open={dialog === 'driver'} onClose={() => setDialog(null)} title={`Add Driver — ${selected.name}`}>
          <DriverForm carrierId={selected.id} onDone={() => setDialog(null)} />
        </Dialog>
      )}
    </ListDetailPage>
  );
}
