// A driver is called forward from the holding area (issue #58.3): at a hub of its own with one door,
// truck X stands at the door and Ajay Yadav (Hindi, SMS first) waits without one. At the gate screen
// the staff see Ajay first in the queue with his waiting time, name the holding area and turn call
// forward on; X leaves the door; at the call forward's next run (every minute) Ajay is called to it once,
// in Hindi, in the local outbox, and the queue shows him called with the time to reach the door by. Each run has its own door number, so the
// messages of one run are told from another's; call forward is turned off again at the end.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, sentTo } from './support';
import { apiAs, localNow, quarterAfter, sameDayAsIndia, shiftTime, zoneWhere } from './checkin-support';

const AJAY = '+919812300002';

// A hub, two trucks and the call forward's run (every minute) per journey.
test.describe.configure({ timeout: 180_000 });

async function signInAs(page: Page, identifier: string) {
  const res = await page.request.post('/api/auth/login', { data: { identifier, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A hub open round the clock where it is daytime now, with one door; X at it, Ajay checked in without one. */
async function hubWithAWaitingTruck(ops: APIRequestContext) {
  // Unique in the stack's life (repeats of this journey share it): the run's door and hub are told apart by it.
  const run = String(Date.now()).slice(-7);
  const timeZone = zoneWhere(sameDayAsIndia);
  const created = await ops.post('/api/facilities', {
    data: {
      name: `Holding Hub ${run}`,
      address: 'Plot 9, MIDC',
      operatingHoursStart: '00:00',
      operatingHoursEnd: '23:45',
      timeZone,
      slotMinutes: 15,
      slotCapacity: 5,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const hub = (await created.json()) as { id: string; name: string };
  const doorNumber = `D${run}`;
  const door = await ops.post('/api/dock-doors', { data: { facilityId: hub.id, doorNumber } });
  expect(door.status(), await door.text()).toBe(201);
  const doorId = ((await door.json()) as { id: string }).id;
  const { date, time } = localNow(timeZone);
  const start = quarterAfter(time);
  const arrive = async (driverId: string, carrierId: string, driverName: string, at: string, dockDoorId?: string) => {
    const booked = await ops.post('/api/appointments', {
      data: {
        facilityId: hub.id,
        carrierId,
        driverId,
        scheduledDate: date,
        scheduledTimeStart: at,
        scheduledTimeEnd: shiftTime(at, 60),
        ...(dockDoorId ? { dockDoorId } : {}),
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const appointmentId = ((await booked.json()) as { id: string }).id;
    const checkedIn = await ops.post('/api/checkins', {
      data: { appointmentId, driverName, vehicleLicense: `MH04HQ${run}${driverId === 'driver-ajay' ? 2 : 1}` },
    });
    expect(checkedIn.status(), await checkedIn.text()).toBe(201);
    return ((await checkedIn.json()) as { id: string }).id;
  };
  const x = await arrive('driver-manoj', 'carrier-sahyadri', 'Manoj Patil', start, doorId);
  await arrive('driver-ajay', 'carrier-ganga', 'Ajay Yadav', shiftTime(start, 15));
  return { hub, doorNumber, x };
}

/** The local outbox's messages to Ajay that call him to the run's door. */
async function callsToAjay(ops: APIRequestContext, doorNumber: string) {
  const outbox = await sentTo(ops, AJAY);
  return outbox.filter((m) => m.to === AJAY && m.body.includes(`डॉक ${doorNumber} पर जाएँ`)).map((m) => m.body);
}

test('a driver is called forward: the gate sees the queue, a door frees, the driver hears it once in Hindi', async ({
  page,
  baseURL,
}) => {
  const ops = await apiAs(baseURL!, 'operations');
  const { hub, doorNumber, x } = await hubWithAWaitingTruck(ops);
  try {
    // The gate screen shows the queue: Ajay first, waiting in the default holding area.
    await signInAs(page, 'operations');
    await page.goto('/gate');
    await page.getByLabel('Gate at facility *').selectOption({ label: hub.name });
    const card = page.getByRole('list', { name: 'Trucks in Holding area' });
    await expect(card.getByTestId('holding-entry')).toHaveCount(1);
    await expect(card.getByTestId('holding-entry')).toContainText('No. 1');
    await expect(card.getByTestId('holding-entry')).toContainText('Ajay Yadav · Ganga Freight Carriers');
    await expect(card.getByTestId('holding-entry')).toContainText(/Waiting since .* \(\d+ min\)/);
    await expect(page.getByText('Call forward is off: give doors by hand')).toBeVisible();

    // Staff name the holding area and turn call forward on.
    await page.getByRole('button', { name: 'Holding area settings' }).click();
    const settings = page.getByRole('form', { name: 'Holding area settings' });
    await settings.getByLabel('Holding area name *').fill('NH-48 truck park');
    await settings.getByLabel('Location').selectOption({ label: 'Parking area outside' });
    await settings.getByLabel('Call drivers forward by SMS or WhatsApp when a door frees').check();
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('NH-48 truck park · Parking area outside · Drivers are called forward (15 min to reach the door)'),
    ).toBeVisible();

    // X leaves the door: Ajay is called to it, once, in Hindi; the queue shows the call.
    const left = await ops.patch(`/api/checkins/${x}/status`, { data: { status: 'departed' } });
    expect(left.status(), await left.text()).toBe(200);
    await expect.poll(() => callsToAjay(ops, doorNumber), { timeout: 90_000 }).toHaveLength(1);
    const [call] = await callsToAjay(ops, doorNumber);
    expect(call).toMatch(
      new RegExp(`^अभी डॉक ${doorNumber} पर जाएँ। कृपया \\d\\d:\\d\\d बजे तक पहुँचें, नहीं तो अगले ट्रक को बुलाया जाएगा।$`),
    );
    const called = page.getByRole('list', { name: 'Trucks in NH-48 truck park' }).getByTestId('holding-entry');
    await expect(called).toContainText('Called', { timeout: 30_000 });
    await expect(called).toContainText(new RegExp(`Called to door ${doorNumber} at .+, to reach it by .+`));
    expect(await callsToAjay(ops, doorNumber)).toHaveLength(1);
  } finally {
    // Later runs of the suite are not called to this hub's door.
    await ops.put(`/api/holding/area?facilityId=${hub.id}`, {
      data: { name: 'NH-48 truck park', kind: 'outside', callForward: false },
    });
    await ops.dispose();
  }
});
