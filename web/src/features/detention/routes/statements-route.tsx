// /statements (issue #57.3): a carrier's office reads its monthly detention statements here, on a
// phone too, and disputes a line; staff who open it read every carrier's (they issue and answer them on
// /analytics, where the carriers' scorecard is).
import { useSession } from '../../../lib/session';
import { StatementsPanel } from '../components/statements-panel';

export function StatementsRoute() {
  const { user } = useSession();
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <StatementsPanel side={user?.carrierId ? 'carrier' : 'staff'} />
    </div>
  );
}
