// /checkin: current and past check-ins, quick check-in for a scheduled appointment, walk-ins, and
// the check-in status flow.
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck, UserPlus } from 'lucide-react';
import { CHECKIN_TRANSITIONS, quickCheckinSchema, walkInCheckinSchema, type CheckinStatus } from '../../../../../shared/contracts/checkins';
import { fieldErrors } from '../../../../../shared/contracts/field-errors';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { todaysScheduleQuery, useCheckins, useCheckinStatus, useQuickCheckin, useWalkInCheckin } from '../../../api/operations';
import { useDockDoors } from '../../../api/facilities';
import { useSession } from '../../../lib/session';
import { timeOfDay } from '../../../lib/relative-time';

const TONE: Record<CheckinStatus, BadgeTone> = { checked_in: 'blue', at_dock: 'yellow', loading: 'yellow', unloading: 'yellow', completed: 'green', departed: 'gray' };
const label = (s: string) => s.replace('_', ' ').replace(/^./, (c) => c.toUpperCase());
const ACTION_LABEL: Record<CheckinStatus, string> = { checked_in: 'Check in', at_dock: 'At dock', loading: 'Start loading', unloading: 'Start unloading', completed: 'Complete', departed: 'Depart' };

function QuickCheckinForm({ onDone }: { onDone: () => void }) {
  const today = useQuery(todaysScheduleQuery);
  const doors = useDockDoors('default');
  const checkin = useQuickCheckin();
  const eligible = (today.data ?? []).filter((a) => a.status === 'scheduled');
  const [form, setForm] = useState({ appointmentId: '', driverName: '', vehicleLicense: '', dockDoorId: '', notes: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const choose = (id: string) => {
    const a = eligible.find((x) => x.id === id);
    setForm((f) => ({ ...f, appointmentId: id, driverName: a?.driverName ?? f.driverName, vehicleLicense: a?.vehicleLicense ?? f.vehicleLicense, dockDoorId: a?.dockDoorId ?? f.dockDoorId }));
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = quickCheckinSchema.safeParse(form);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (parsed.success) checkin.mutate(parsed.data, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <SelectField label="Appointment *" placeholder={eligible.length ? 'Select appointment' : 'No scheduled appointments today'} value={form.appointmentId} onChange={(e) => choose(e.target.value)} error={errors.appointmentId} options={eligible.map((a) => ({ value: a.id, label: `${a.scheduledTimeStart} · ${a.carrierName ?? a.driverName ?? 'Guest'} · ${a.bookingReference}` }))} />
      <Field label="Driver name *" value={form.driverName} onChange={(e) => setForm({ ...form, driverName: e.target.value })} error={errors.driverName} />
      <Field label="Vehicle license *" value={form.vehicleLicense} onChange={(e) => setForm({ ...form, vehicleLicense: e.target.value.toUpperCase() })} error={errors.vehicleLicense} />
      <SelectField label="Dock door" placeholder="Not yet" value={form.dockDoorId} onChange={(e) => setForm({ ...form, dockDoorId: e.target.value })} options={(doors.data ?? []).filter((d) => d.status !== 'maintenance').map((d) => ({ value: d.id, label: `Door ${d.doorNumber}` }))} />
      <Field label="Notes" value={form.notes} onChange={(e) => setForm({ ...form, notes: e.target.value })} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>Cancel</Button>
        <Button type="submit" disabled={checkin.isPending}>Check In</Button>
      </div>
    </form>
  );
}

function WalkInForm({ onDone }: { onDone: () => void }) {
  const doors = useDockDoors('default');
  const walkIn = useWalkInCheckin();
  const [form, setForm] = useState({ driverName: '', vehicleLicense: '', carrierName: '', loadType: 'inbound', poNumber: '', bolNumber: '', dockDoorId: '', notes: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = walkInCheckinSchema.safeParse(form);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (parsed.success) walkIn.mutate(parsed.data, { onSuccess: onDone });
  };
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setForm({ ...form, [k]: e.target.value });
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
      <Field label="Driver name *" value={form.driverName} onChange={set('driverName')} error={errors.driverName} />
      <Field label="Vehicle license *" value={form.vehicleLicense} onChange={(e) => setForm({ ...form, vehicleLicense: e.target.value.toUpperCase() })} error={errors.vehicleLicense} />
      <Field label="Carrier name *" value={form.carrierName} onChange={set('carrierName')} error={errors.carrierName} />
      <SelectField label="Load type" value={form.loadType} onChange={set('loadType')} options={[{ value: 'inbound', label: 'Inbound' }, { value: 'outbound', label: 'Outbound' }]} />
      <Field label="PO number" value={form.poNumber} onChange={set('poNumber')} />
      <Field label="BOL number" value={form.bolNumber} onChange={set('bolNumber')} />
      <SelectField label="Dock door" placeholder="Not yet" value={form.dockDoorId} onChange={set('dockDoorId')} options={(doors.data ?? []).filter((d) => d.status !== 'maintenance').map((d) => ({ value: d.id, label: `Door ${d.doorNumber}` }))} />
      <Field label="Notes" value={form.notes} onChange={set('notes')} />
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={onDone}>Cancel</Button>
        <Button type="submit" disabled={walkIn.isPending}>Check In Walk-In</Button>
      </div>
    </form>
  );
}

export function CheckinRoute() {
  const { hasPermission } = useSession();
  const staff = hasPermission('appointments:write');
  const checkins = useCheckins();
  const status = useCheckinStatus();
  const [tab, setTab] = useState<'current' | 'history'>('current');
  const [dialog, setDialog] = useState<'quick' | 'walkin' | null>(null);
  const current = useMemo(() => (checkins.data ?? []).filter((c) => c.status !== 'departed'), [checkins.data]);
  const shown = tab === 'current' ? current : (checkins.data ?? []);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Driver Check-In</h1>
        {staff && (
          <div className="flex gap-2">
            <Button onClick={() => setDialog('quick')}>
              <ClipboardCheck className="h-4 w-4" aria-hidden /> Quick Check-In
            </Button>
            <Button variant="secondary" onClick={() => setDialog('walkin')}>
              <UserPlus className="h-4 w-4" aria-hidden /> Walk-In Check-In
            </Button>
          </div>
        )}
      </div>
      <div className="flex gap-1 rounded-lg bg-slate-200 p-1" role="tablist">
        {(['current', 'history'] as const).map((t) => (
          <button key={t} role="tab" aria-selected={tab === t} onClick={() => setTab(t)} className={`flex-1 rounded-md px-3 py-1.5 text-sm font-medium ${tab === t ? 'bg-white shadow' : 'text-slate-600'}`}>
            {t === 'current' ? `Current Check-Ins (${current.length})` : 'Check-In History'}
          </button>
        ))}
      </div>
      {!shown.length ? (
        <p className="py-8 text-center text-slate-500">{checkins.isLoading ? 'Loading...' : tab === 'current' ? 'No drivers checked in right now' : 'No check-ins yet'}</p>
      ) : (
        <div className="grid gap-3 md:grid-cols-2" aria-label="Check-ins">
          {shown.map((c) => (
            <Card key={c.id} data-testid="checkin-card">
              <CardBody className="space-y-1 text-sm">
                <div className="flex items-center justify-between">
                  <span className="font-semibold">{c.driverName}</span>
                  <Badge tone={TONE[c.status]}>{label(c.status)}</Badge>
                </div>
                <div className="text-slate-600">Vehicle {c.vehicleLicense ?? '—'} · {c.carrierName ?? ''}</div>
                <div className="text-slate-600">
                  Checked in {timeOfDay(c.checkInTime)} · {c.doorNumber ? `Door ${c.doorNumber}` : 'No door yet'} · Appt …{c.appointmentId.slice(-8)}
                </div>
                {c.notes && <div className="text-slate-500">{c.notes}</div>}
                {staff && CHECKIN_TRANSITIONS[c.status].length > 0 && (
                  <div className="flex flex-wrap gap-2 pt-2">
                    {CHECKIN_TRANSITIONS[c.status].map((to) => (
                      <Button key={to} size="sm" variant={to === 'departed' ? 'secondary' : 'primary'} disabled={status.isPending} onClick={() => status.mutate({ id: c.id, status: to })}>
                        {ACTION_LABEL[to]}
                      </Button>
                    ))}
                  </div>
                )}
              </CardBody>
            </Card>
          ))}
        </div>
      )}
      <Dialog open={dialog === 'quick'} onClose={() => setDialog(null)} title="Quick Check-In">
        <QuickCheckinForm onDone={() => setDialog(null)} />
      </Dialog>
      <Dialog open={dialog === 'walkin'} onClose={() => setDialog(null)} title="Walk-In Check-In" wide>
        <WalkInForm onDone={() => setDialog(null)} />
      </Dialog>
    </div>
  );
}
