// The appointment status badge and the status actions the spec offers (Mark Arrived, Start
// Loading, Mark Departed); the server enforces the same flow (shared/contracts/appointments.ts).
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import type { Appointment, AppointmentStatus } from '@shared/contracts/appointments';
import { APPOINTMENT_STATUSES, canTransition } from '@shared/contracts/truck-flow';
import { GateReasons } from '../../gate';
import { useChangeStatus } from '../api/appointments';

const TONE: Record<string, BadgeTone> = {
  pending_approval: 'yellow',
  scheduled: 'blue',
  arrived: 'yellow',
  loading: 'yellow',
  unloading: 'yellow',
  departed: 'green',
  cancelled: 'red',
  no_show: 'red',
};
const KNOWN = new Set<string>(APPOINTMENT_STATUSES);

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge tone={TONE[status] ?? 'gray'}>{t(`appointments.statuses.${KNOWN.has(status) ? status : 'pending'}`)}</Badge>
  );
}

const ACTIONS: { from: AppointmentStatus[]; to: 'arrived' | 'loading' | 'departed' }[] = [
  { from: ['scheduled'], to: 'arrived' },
  { from: ['arrived'], to: 'loading' },
  { from: ['loading', 'unloading'], to: 'departed' },
];

export function StatusActions({
  status,
  onChange,
  disabled,
  heldNote,
}: {
  status: string;
  onChange: (to: AppointmentStatus) => void;
  disabled?: boolean;
  /** The id of the text saying the truck is held at the gate; a held truck may only depart. */
  heldNote?: string;
}) {
  const { t } = useTranslation();
  const action = ACTIONS.find((a) => a.from.includes(status as AppointmentStatus) && canTransition(status, a.to));
  if (!action) return null;
  const waits = Boolean(heldNote) && action.to !== 'departed';
  return (
    <Button
      size="sm"
      onClick={() => onChange(action.to)}
      disabled={disabled || waits}
      aria-describedby={waits ? heldNote : undefined}
      title={waits ? t('appointments.list.heldAtGate') : undefined}
    >
      {t(`appointments.actions.${action.to}`)}
    </Button>
  );
}

/**
 * The next status action of an appointment. The spec's success toast comes from the mutation itself
 * (useChangeStatus): the refresh may take this row off a filtered list before a callback here ran.
 */
export function AppointmentStatusAction({ id, status, gateHold }: Pick<Appointment, 'id' | 'status' | 'gateHold'>) {
  const { t } = useTranslation();
  const change = useChangeStatus();
  // The server refuses every step but leaving while the truck's check-in is held (409); the button says so first.
  const heldNote = gateHold ? `appointment-held-${id}` : undefined;
  return (
    <div className="space-y-1">
      {gateHold && (
        <div id={heldNote} className="text-sm text-amber-800" data-testid="appointment-held">
          <p>{t('appointments.list.heldAtGate')}</p>
          <GateReasons messages={gateHold.reasons} />
        </div>
      )}
      <StatusActions
        status={status}
        disabled={change.isPending}
        heldNote={heldNote}
        onChange={(to) => change.mutate({ id, status: to })}
      />
    </div>
  );
}
