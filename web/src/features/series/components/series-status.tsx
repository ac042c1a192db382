import { useTranslation } from '../../../lib/i18n/use-translation';
import type { SeriesStatus } from '@shared/contracts/series';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const TONE: Record<SeriesStatus, BadgeTone> = {
  active: 'green',
  ended: 'blue',
  cancelled: 'gray',
  paused: 'yellow',
};

export function SeriesStatusBadge({ status }: { status: SeriesStatus }) {
  const { t } = useTranslation();
  return <Badge tone={TONE[status]}>{t(`series.status.${status}`)}</Badge>;
}
