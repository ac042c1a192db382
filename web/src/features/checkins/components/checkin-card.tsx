// One check-in card: driver, vehicle, status badge, check-in time, dock door, the
// booking code (the one the driver was given; issue #53: not the appointment's internal id) and notes; for staff the next status steps and, while the
// truck has no door, a door to assign. The screen runs the changes (and their toasts), since the
// refresh after a change re-renders the list.
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { Checkin, CheckinStatus } from '@shared/contracts/checkins';
import { CHECKIN_TRANSITIONS } from '@shared/contracts/truck-flow';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/select-field';
import { useDockDoors } from '../../facilities';
import { useFormat } from '../../../lib/format';
import { GateDecision } from '../../gate';
import { heldAtGate } from '@shared/contracts/gate-hold';

const TONE: Record<CheckinStatus, BadgeTone> = {
  checked_in: 'blue',
  at_dock: 'yellow',
  loading: 'yellow',
  unloading: 'yellow',
  completed: 'green',
  departed: 'gray',
};
/** The statuses in which the server lets a door be assigned: on site, work not yet done. */
const DOOR_ASSIGNABLE: readonly CheckinStatus[] = ['checked_in', 'at_dock', 'loading', 'unloading'];

interface CheckinCardProps {
  checkin: Checkin;
  canChangeStatus: boolean;
  canAssignDoor: boolean;
  busy: boolean;
  onStatus: (to: CheckinStatus) => void;
  onAssignDoor: (dockDoorId: string) => void;
}

export function CheckinCard({
  checkin: c,
  canChangeStatus,
  canAssignDoor,
  busy,
  onStatus,
  onAssignDoor,
}: CheckinCardProps) {
  const { t } = useTranslation();
  const format = useFormat();
  // The server refuses every step but leaving while the truck is held (409); the buttons say so first.
  const held = heldAtGate(c.gate);
  const heldNote = `checkin-held-${c.id}`;
  return (
    <Card data-testid="checkin-card" role="listitem">
      <CardBody className="space-y-1 text-sm">
        <div className="flex items-center justify-between">
          <span className="font-semibold">{c.driverName}</span>
          <Badge tone={TONE[c.status]}>{t(`checkins.statuses.${c.status}`)}</Badge>
        </div>
        <div className="text-slate-600">
          {t('checkins.card.vehicle', { vehicle: c.vehicleLicense ?? '—' })} · {c.carrierName ?? ''}
        </div>
        <div className="text-slate-600">
          {t('checkins.card.checkedIn', { time: format.time(c.checkInTime) })} ·{' '}
          {c.doorNumber ? t('checkins.card.door', { door: c.doorNumber }) : t('checkins.card.noDoor')} ·{' '}
          {t('checkins.card.booking', { reference: c.bookingReference })}
        </div>
        {c.notes && <div className="text-slate-500">{c.notes}</div>}
        <GateDecision checkinId={c.id} gate={c.gate} />
        {canAssignDoor && !c.dockDoorId && DOOR_ASSIGNABLE.includes(c.status) && (
          <AssignDoor facilityId={c.facilityId} busy={busy} onAssign={onAssignDoor} />
        )}
        {canChangeStatus && CHECKIN_TRANSITIONS[c.status].length > 0 && (
          <div className="space-y-1 pt-2">
            {held && (
              <p id={heldNote} className="text-sm text-amber-800" data-testid="checkin-held">
                {t('checkins.card.heldAtGate')}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              {CHECKIN_TRANSITIONS[c.status].map((to) => {
                const waits = held && to !== 'departed';
                return (
                  <Button
                    key={to}
                    size="sm"
                    variant={to === 'departed' ? 'secondary' : 'primary'}
                    disabled={busy || waits}
                    aria-describedby={waits ? heldNote : undefined}
                    title={waits ? t('checkins.card.heldAtGate') : undefined}
                    onClick={() => onStatus(to)}
                  >
                    {t(`checkins.actions.${to}`)}
                  </Button>
                );
              })}
            </div>
          </div>
        )}
      </CardBody>
    </Card>
  );
}

function AssignDoor({
  facilityId,
  busy,
  onAssign,
}: {
  facilityId: string;
  busy: boolean;
  onAssign: (dockDoorId: string) => void;
}) {
  const { t } = useTranslation();
  const doors = useDockDoors(facilityId);
  const [doorId, setDoorId] = useState('');
  return (
    <div className="flex items-end gap-2 pt-2">
      <SelectField
        className="flex-1"
        label={t('checkins.assignDoor')}
        placeholder={t('checkins.selectDoor')}
        value={doorId}
        onChange={(e) => setDoorId(e.target.value)}
        options={(doors.data ?? [])
          .filter((d) => d.status !== 'maintenance')
          .map((d) => ({ value: d.id, label: t('checkins.card.door', { door: d.doorNumber }) }))}
      />
      <Button
        size="sm"
        variant="secondary"
        className="mb-0.5"
        disabled={busy || !doorId}
        onClick={() => onAssign(doorId)}
      >
        {t('checkins.assign')}
      </Button>
    </div>
  );
}
