// The way to the gate screen (/gate is not in the spec's sidebar), for those it is open to.
import { Link } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { ScanLine } from 'lucide-react';
import { meets, PATHS, requirementOf } from '@shared/navigation';
import { buttonClasses } from '../../../components/ui/button';
import { useSession } from '../../../lib/session';

export function GateScreenLink() {
  const { t } = useTranslation();
  const { user } = useSession();
  const requirement = requirementOf(PATHS.gate);
  if (!user || (requirement && !meets(user, requirement))) return null;
  return (
    <Link to={PATHS.gate} className={buttonClasses('secondary')}>
      <ScanLine className="h-4 w-4" aria-hidden /> {t('gatePass.openGate')}
    </Link>
  );
}
