// A system's connection status (doc 2 §4): CONNECTED, ERROR, SYNCING; anything else is unknown.
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import type { ConnectionStatus } from '@shared/contracts/integrations';

const TONE: Record<ConnectionStatus, BadgeTone> = { CONNECTED: 'green', ERROR: 'red', SYNCING: 'blue' };

export function StatusBadge({ status }: { status: ConnectionStatus | null | undefined }) {
  const { t } = useTranslation();
  const known = status && status in TONE ? status : null;
  return <Badge tone={known ? TONE[known] : 'gray'}>{t(`integrations.status.${known ?? 'unknown'}`)}</Badge>;
}
