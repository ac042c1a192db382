// /configuration: per facility, the slot settings, the slots of a date, holidays, labour and equipment.
import { useState } from 'react';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/select-field';
import { localDateTime } from '@shared/time';
import { useFacilities } from '../api/facilities';
import { HolidayList } from '../components/holiday-list';
import { ResourceList } from '../components/resource-list';
import { SlotBoard } from '../components/slot-board';
import { SlotSettings } from '../components/slot-settings';
import { MessagingSettingsPanel } from '../../messaging';

export function ConfigurationRoute() {
  const facilities = useFacilities();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const facility = facilities.data?.find((f) => f.id === chosenId) ?? facilities.data?.[0];
  if (facilities.isLoading) return <p className="text-sm text-slate-500">Loading...</p>;
  if (!facility) return <p className="text-sm text-slate-500">No facilities yet</p>;
  const today = localDateTime(new Date(), facility.timeZone).date;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-2xl font-bold">Configuration</h1>
        <SelectField label="Facility" value={facility.id} onChange={(e) => setChosenId(e.target.value)} options={(facilities.data ?? []).map((f) => ({ value: f.id, label: f.name }))} className="min-w-64" />
      </div>
      <Card>
        <CardHeader title="Slot settings" description={`Guests and carriers book ${facility.slotMinutes}-minute slots; time zone ${facility.timeZone}.`} />
        <CardBody>
          <SlotSettings facility={facility} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Time slots" description="Block a slot or change how many bookings it takes." />
        <CardBody>
          <SlotBoard facilityId={facility.id} today={today} />
        </CardBody>
      </Card>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card>
          <CardHeader title="Holidays" description="No slots are offered on a holiday." />
          <CardBody>
            <HolidayList facilityId={facility.id} today={today} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Labour in-charges" />
          <CardBody>
            <ResourceList facilityId={facility.id} kind="labor-incharges" />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Equipment" />
          <CardBody>
            <ResourceList facilityId={facility.id} kind="equipment" />
          </CardBody>
        </Card>
      </div>
      <MessagingSettingsPanel />
    </div>
  );
}
