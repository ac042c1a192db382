// /configuration: per facility, the slot settings, the slots of a date, holidays, labour and equipment,
// and the sections of the features set up per facility (booking, trip watch, detention terms...).
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/select-field';
import { localDateTime } from '@shared/time';
import { useFacilities } from '../api/facilities';
import { HolidayList } from '../components/holiday-list';
import { ResourceList } from '../components/resource-list';
import { SlotBoard } from '../components/slot-board';
import { SlotSettings } from '../components/slot-settings';
import { MessagingSettingsPanel } from '../../messaging';
import { GateSettingsPanel } from '../../gate';
import { PurchaseOrdersPanel } from '../../references';
import { BookingSetupPanel } from '../../appointment-types';
import { WatchSettingsPanel } from '../../trips';
import { DetentionTermsPanel } from '../../detention';
import { BookingRulesPanel } from '../../carrier-portal';

/**
 * `facilitySections`: sections of features that build on facilities (a booking link's section, whose
 * public page reaches back to facilities), given by the app's router so that facilities imports none of them.
 */
export function ConfigurationRoute({ facilitySections }: { facilitySections?: (facilityId: string) => ReactNode }) {
  const { t } = useTranslation();
  const facilities = useFacilities();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const facility = facilities.data?.find((f) => f.id === chosenId) ?? facilities.data?.[0];
  if (facilities.isLoading) return <p className="text-sm text-slate-500">{t('common.loading')}</p>;
  if (!facility) return <p className="text-sm text-slate-500">{t('facilities.configuration.empty')}</p>;
  const today = localDateTime(new Date(), facility.timeZone).date;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('facilities.configuration.title')}</h1>
        <SelectField
          label={t('facilities.configuration.facility')}
          value={facility.id}
          onChange={(e) => setChosenId(e.target.value)}
          options={(facilities.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
          className="min-w-64"
        />
      </div>
      <Card>
        <CardHeader
          title={t('facilities.configuration.slotSettings')}
          description={t('facilities.configuration.slotSettingsText', {
            minutes: facility.slotMinutes,
            timeZone: facility.timeZone,
          })}
        />
        <CardBody>
          <SlotSettings facility={facility} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader
          title={t('facilities.configuration.timeSlots')}
          description={t('facilities.configuration.timeSlotsText')}
        />
        <CardBody>
          <SlotBoard facilityId={facility.id} today={today} />
        </CardBody>
      </Card>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card>
          <CardHeader
            title={t('facilities.configuration.holidays')}
            description={t('facilities.configuration.holidaysText')}
          />
          <CardBody>
            <HolidayList facilityId={facility.id} today={today} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title={t('facilities.configuration.labour')} />
          <CardBody>
            <ResourceList facilityId={facility.id} kind="labor-incharges" />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title={t('facilities.configuration.equipment')} />
          <CardBody>
            <ResourceList facilityId={facility.id} kind="equipment" />
          </CardBody>
        </Card>
      </div>
      <BookingSetupPanel facilityId={facility.id} />
      <BookingRulesPanel facilityId={facility.id} />
      {facilitySections?.(facility.id)}
      <PurchaseOrdersPanel facilityId={facility.id} />
      <WatchSettingsPanel facilityId={facility.id} />
      <DetentionTermsPanel facilityId={facility.id} />
      <MessagingSettingsPanel />
      <GateSettingsPanel />
    </div>
  );
}
