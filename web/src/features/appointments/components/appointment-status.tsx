// The appointment status badge and the status actions the spec offers (Mark Arrived, Start
// Loading, Mark Departed); the server enforces the same flow (shared/contracts/appointments.ts).
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { canTransition, type AppointmentStatus } from '@shared/contracts/appointments';
import { useChangeStatus } from '../api/appointments';

const TONE: Record<string, BadgeTone> = { scheduled: 'blue', arrived: 'yellow', loading: 'yellow', unloading: 'yellow', departed: 'green', cancelled: 'red', no_show: 'red' };
const LABEL: Record<string, string> = { scheduled: 'Scheduled', arrived: 'Arrived', loading: 'Loading', unloading: 'Unloading', departed: 'Departed', cancelled: 'Cancelled', no_show: 'No-show' };

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={TONE[status] ?? 'gray'}>{LABEL[status] ?? 'Pending'}</Badge>;
}

const ACTIONS: { from: AppointmentStatus[]; to: AppointmentStatus; label: string }[] = [
  { from: ['scheduled'], to: 'arrived', label: 'Mark Arrived' },
  { from: ['arrived'], to: 'loading', label: 'Start Loading' },
  { from: ['loading', 'unloading'], to: 'departed', label: 'Mark Departed' },
];

export function StatusActions({ status, onChange, disabled }: { status: string; onChange: (to: AppointmentStatus) => void; disabled?: boolean }) {
  const action = ACTIONS.find((a) => a.from.includes(status as AppointmentStatus) && canTransition(status, a.to));
  if (!action) return null;
  return (
    <Button size="sm" onClick={() => onChange(action.to)} disabled={disabled}>
      {action.label}
    </Button>
  );
}

/**
 * The next status action of an appointment. The spec's success toast comes from the mutation itself
 * (useChangeStatus): the refresh may take this row off a filtered list before a callback here ran.
 */
export function AppointmentStatusAction({ id, status }: { id: string; status: string }) {
  const change = useChangeStatus();
  return <StatusActions status={status} disabled={change.isPending} onChange={(to) => change.mutate({ id, status: to })} />;
}
