// /my-hubs (issue #59): a carrier's owner or dispatcher sees every linked hub with its facilities, booking
// rules and appointment types; the owner accepts hubs' invitations and asks a hub to link.
import { Link } from 'react-router-dom';
import type { BookingRules } from '@shared/contracts/appointments-booking-rules';
import type { MyHub } from '@shared/contracts/carrier-identity';
import { PATHS } from '@shared/navigation';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useFormat } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { loadLater } from '../../../lib/load-later';
import { useAcceptInvitation, useInvitations, useMyHubs } from '../api/identity';
import { CarrierTabs, ListState } from '../components/carrier-tabs';

// The owner's request form (react-hook-form and the contract's zod schema) comes after the first paint.
const AskToLink = loadLater(async () => (await import('../components/ask-to-link')).AskToLink, { fallback: null });

/** The rules a carrier books under at one facility, as short sentences; none when the hub set no limit. */
function useRuleLines() {
  const { t } = useTranslation();
  return (rules: Partial<BookingRules> | undefined): string[] => {
    if (!rules) return [];
    const lines: string[] = [];
    const r = 'carrierIdentity.hubs.rule';
    if (rules.minLeadHours != null) lines.push(t(`${r}.minLeadHours`, { value: rules.minLeadHours }));
    if (rules.maxLeadHours != null) lines.push(t(`${r}.maxLeadHours`, { value: rules.maxLeadHours }));
    if (rules.nextDayCutoff) lines.push(t(`${r}.nextDayCutoff`, { value: rules.nextDayCutoff }));
    if (rules.changeCutoffHours != null) lines.push(t(`${r}.changeCutoffHours`, { value: rules.changeCutoffHours }));
    if (rules.onePerVehiclePerDay) lines.push(t(`${r}.onePerVehiclePerDay`));
    if (rules.approvalRequired) lines.push(t(`${r}.approvalRequired`));
    if (rules.reminderMinutes) lines.push(t(`${r}.reminderMinutes`, { value: rules.reminderMinutes }));
    return lines;
  };
}

function HubCard({ hub, canBook }: { hub: MyHub; canBook: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const ruleLines = useRuleLines();
  const headingId = `hub-${hub.tenantId}`;
  return (
    <Card role="region" aria-labelledby={headingId} data-testid="my-hub">
      <div className="flex flex-wrap items-start justify-between gap-2 border-b border-slate-100 p-4">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            {hub.hubName}
          </h2>
          <p className="text-xs text-slate-500">
            {t('carrierIdentity.hubs.linkedSince', { date: format.dateTime(hub.linkedAt) })}
          </p>
        </div>
        {canBook && (
          <Link
            to={`${PATHS.hubBookings}?hub=${encodeURIComponent(hub.tenantId)}&book=1`}
            className={buttonClasses('primary')}
          >
            {t('carrierIdentity.hubs.book')}
          </Link>
        )}
      </div>
      <CardBody className="space-y-4 text-sm">
        <section>
          <h3 className="font-semibold">{t('carrierIdentity.hubs.facilities')}</h3>
          {hub.facilities.length === 0 ? (
            <p className="text-slate-600">{t('carrierIdentity.hubs.noFacilities')}</p>
          ) : (
            <ul className="mt-2 space-y-2">
              {hub.facilities.map((facility) => {
                const lines = ruleLines(hub.bookingRules[facility.id] as Partial<BookingRules> | undefined);
                const types = hub.appointmentTypes.filter((type) => type.facilityId === facility.id);
                return (
                  <li key={facility.id} className="rounded-md border border-slate-200 p-3">
                    <div className="font-medium">{facility.name}</div>
                    <div className="mt-2 text-xs font-semibold uppercase text-slate-500">
                      {t('carrierIdentity.hubs.rules')}
                    </div>
                    {lines.length === 0 ? (
                      <p className="text-slate-600">{t('carrierIdentity.hubs.noRules')}</p>
                    ) : (
                      <ul className="list-inside list-disc text-slate-700">
                        {lines.map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                      </ul>
                    )}
                    <div className="mt-2 text-xs font-semibold uppercase text-slate-500">
                      {t('carrierIdentity.hubs.types')}
                    </div>
                    {types.length === 0 ? (
                      <p className="text-slate-600">{t('carrierIdentity.hubs.noTypes')}</p>
                    ) : (
                      <ul className="flex flex-wrap gap-1">
                        {types.map((type) => (
                          <li key={type.id} className="rounded-full bg-blue-50 px-2 py-0.5 text-xs text-blue-800">
                            {type.name}
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </CardBody>
    </Card>
  );
}

function Invitations({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const invitations = useInvitations();
  const accept = useAcceptInvitation();
  const list = invitations.data ?? [];
  return (
    <Card role="region" aria-labelledby="carrier-invitations">
      <CardHeader
        title={<span id="carrier-invitations">{t('carrierIdentity.invitations.title')}</span>}
        description={t('carrierIdentity.invitations.intro')}
      />
      <CardBody className="space-y-2">
        {invitations.isLoading ? (
          <ListState>{t('common.loading')}</ListState>
        ) : invitations.isError ? (
          <ListState tone="error">{t('carrierIdentity.hubs.failed')}</ListState>
        ) : list.length === 0 ? (
          <ListState>{t('carrierIdentity.invitations.empty')}</ListState>
        ) : (
          <ul className="space-y-2">
            {list.map((invitation) => (
              <li
                key={invitation.tenantId}
                data-testid="hub-invitation"
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3"
              >
                <div>
                  <div className="font-medium">{invitation.hubName}</div>
                  <div className="text-xs text-slate-500">
                    {t('carrierIdentity.invitations.invitedOn', { date: format.dateTime(invitation.createdAt) })}
                  </div>
                </div>
                <Button
                  size="sm"
                  disabled={!canManage || accept.isPending}
                  title={canManage ? undefined : t('carrierIdentity.invitations.readOnly')}
                  aria-label={`${t('carrierIdentity.invitations.accept')}: ${invitation.hubName}`}
                  onClick={() => accept.mutate({ hubId: invitation.tenantId, hubName: invitation.hubName })}
                >
                  {t(
                    accept.isPending && accept.variables?.hubId === invitation.tenantId
                      ? 'carrierIdentity.invitations.accepting'
                      : 'carrierIdentity.invitations.accept',
                  )}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

export function MyHubsRoute() {
  const { t } = useTranslation();
  const { hasPermission } = useSession();
  const hubs = useMyHubs();
  const canManage = hasPermission('identity:manage');
  const list = hubs.data ?? [];
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <CarrierTabs />
      <div>
        <h1 className="text-2xl font-bold">{t('carrierIdentity.hubs.title')}</h1>
        <p className="text-sm text-slate-600">{t('carrierIdentity.hubs.intro')}</p>
      </div>
      {hubs.isLoading ? (
        <ListState>{t('carrierIdentity.hubs.loading')}</ListState>
      ) : hubs.isError ? (
        <ListState tone="error">{t('carrierIdentity.hubs.failed')}</ListState>
      ) : list.length === 0 ? (
        <ListState>{t('carrierIdentity.hubs.empty')}</ListState>
      ) : (
        list.map((hub) => <HubCard key={hub.tenantId} hub={hub} canBook={hasPermission('identity:book')} />)
      )}
      <Invitations canManage={canManage} />
      {canManage && <AskToLink />}
    </div>
  );
}
