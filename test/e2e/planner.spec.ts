// The door plan (issue #58.2), end to end. Operations opens /door-plan for a hub of its own with two
// doors, R1 and R2, and three trucks booked for the same hour without a door: asks for a plan and waits
// while it is solved, sees the board (doors by time, every truck moved, two at the window's start and one
// an hour later; today's plan has them all without a door), applies one truck alone, then, after one of
// the others has checked in (so the plan is stale for it), accepts all: the other is applied and the
// checked-in truck is refused with the reason. On a 390 px phone the changes are a list (no board) and
// "Accept all" applies them. Set-up (the hub, its doors and bookings, a check-in) goes through the API.
// Last, those who configure the facility set its crews, equipment and a type's needs on the same screen.
import { randomUUID } from 'node:crypto';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs, laterToday, localNow, quarterAfter, shiftTime, zoneWhere } from './checkin-support';
import { SCREEN_OPENS_MS, signIn, signInTo, whenNotBusy } from './support';
import { seriousViolations } from './axe';

// The machine running the journeys is shared and slow at times: wait longer for each condition.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

// The API's JSON, read as the journey needs it.
async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<any> {
  expect(res.status(), await res.text()).toBe(status);
  return res.json();
}

/** A vehicle number of the run: two letters and four digits of its own. */
const plate = () => {
  const letter = () => String.fromCharCode(65 + Math.floor(Math.random() * 26));
  return `MH12${letter()}${letter()}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
};

/** A hub with doors R1 and R2 and `trucks` bookings an hour from now without a door; their booking codes. */
async function hubWithTrucks(baseURL: string, trucks: number) {
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const ops = await apiAs(baseURL, 'operations');
  const timeZone = zoneWhere(laterToday);
  const facility = await ok(
    await whenNotBusy(() =>
      ops.post('/api/facilities', {
        data: {
          name: `Plan Hub ${tag}`,
          address: 'Plot 7, MIDC',
          operatingHoursStart: '00:00',
          operatingHoursEnd: '23:45',
          timeZone,
        },
      }),
    ),
    201,
  );
  for (const doorNumber of ['R1', 'R2'])
    await ok(await ops.post('/api/dock-doors', { data: { facilityId: facility.id, doorNumber } }), 201);
  const { date, time } = localNow(timeZone);
  const start = quarterAfter(time, 60);
  const booked: { id: string; code: string }[] = [];
  for (let i = 0; i < trucks; i++) {
    const appointment = await ok(
      await whenNotBusy(() =>
        ops.post('/api/appointments', {
          data: {
            facilityId: facility.id,
            carrierId: 'carrier-sahyadri',
            scheduledDate: date,
            scheduledTimeStart: start,
            scheduledTimeEnd: shiftTime(start, 60),
            vehicleLicense: plate(),
          },
        }),
      ),
      201,
    );
    booked.push({ id: appointment.id, code: appointment.bookingReference });
  }
  return { ops, facility: facility as { id: string; name: string }, booked, start, date };
}

async function openDoorPlan(page: Page, facilityName: string) {
  await page.goto('/door-plan');
  await expect(page.getByRole('heading', { name: 'Door plan', level: 1 })).toBeVisible({ timeout: SCREEN_OPENS_MS });
  await page.getByLabel('Facility', { exact: true }).selectOption({ label: facilityName });
  await expect(page.getByText('No plan has been proposed for this day yet.')).toBeVisible();
}

test('operations accepts a proposed door plan on a desktop: the board, one truck, then all', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { ops, facility, booked, start } = await hubWithTrucks(baseURL!, 3);
  await signIn(page, 'operations');
  await openDoorPlan(page, facility.name);

  await page.getByRole('button', { name: 'Propose a plan' }).click();
  // Solved by the worker: the page waits on it (polling), then shows the board.
  const board = page.getByTestId('door-board');
  await expect(board).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('plan-changes')).toHaveText('3');
  // Two trucks start at the window's start (one at each door), the third an hour later: 60 minutes waited.
  await expect(page.getByTestId('plan-wait')).toHaveText('60 min');
  const row = (door: string) => board.getByRole('list', { name: door, exact: true }).getByRole('listitem');
  await expect(row('R1').or(row('R2'))).toHaveCount(3);
  for (const { code } of booked)
    await expect(page.getByTestId(`board-truck-${code}`)).toHaveAttribute('data-moved', 'true');
  const starts = await Promise.all(
    booked.map(async ({ code }) => page.getByTestId(`board-truck-${code}`).textContent()),
  );
  expect(starts.filter((s) => s?.includes(` ${start}`))).toHaveLength(2);
  expect(starts.filter((s) => s?.includes(` ${shiftTime(start, 60)}`))).toHaveLength(1);
  // Today's plan: every truck still without a door.
  await page.getByRole('button', { name: "Today's plan" }).click();
  await expect(board.getByRole('list', { name: 'No door yet' }).getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: 'Proposed plan' }).click();
  expect(await seriousViolations(page, 'door plan')).toEqual([]);

  // One truck alone.
  const [first, second, third] = booked as [(typeof booked)[0], (typeof booked)[0], (typeof booked)[0]];
  await page.getByRole('checkbox', { name: `Choose ${first.code}` }).check();
  await page.getByRole('button', { name: 'Apply selected (1)' }).click();
  await expect(page.getByTestId(`outcome-${first.code}`)).toHaveText('Applied');
  await expect(page.getByTestId(`outcome-${second.code}`)).toHaveText('Not applied yet');
  await expect(page.getByRole('checkbox', { name: `Choose ${first.code}` })).toBeDisabled();

  // The third truck checks in meanwhile: the plan is stale for it alone.
  await ok(await ops.patch(`/api/appointments/${third.id}/status`, { data: { status: 'arrived' } }));
  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect(page.getByTestId(`outcome-${second.code}`)).toHaveText('Applied');
  await expect(page.getByTestId(`outcome-${third.code}`)).toContainText('Refused');
  await expect(page.getByTestId(`outcome-${third.code}`)).toContainText(
    'This appointment changed after the plan was made (checked in, moved or cancelled); plan again',
  );
  // The applied trucks hold the plan's doors.
  for (const { id } of [first, second]) {
    const appointment = await ok(await ops.get(`/api/appointments/${id}`));
    expect(['R1', 'R2']).toContain(appointment.doorNumber);
  }
  await ops.dispose();
});

test('on a 390 px phone the changes are a list, accepted all at once', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { ops, facility, booked, date } = await hubWithTrucks(baseURL!, 2);
  // Asked for through the API (as another member of staff would): the phone finds it solving or solved.
  await ok(await ops.post('/api/planner/proposals', { data: { facilityId: facility.id, date } }), 202);
  await signInTo(page, 'operations', '/door-plan');
  await expect(page.getByRole('heading', { name: 'Door plan', level: 1 })).toBeVisible({ timeout: SCREEN_OPENS_MS });
  await page.getByLabel('Facility', { exact: true }).selectOption({ label: facility.name });
  const changes = page.getByRole('list', { name: 'Changes' });
  await expect(changes).toBeVisible({ timeout: 60_000 });
  await expect(changes.getByRole('listitem')).toHaveCount(2);
  // No board on a phone: the list is the plan.
  await expect(page.getByTestId('door-board')).toBeHidden();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page, 'door plan phone')).toEqual([]);
  await page.getByRole('button', { name: 'Accept all' }).click();
  for (const { code } of booked) await expect(page.getByTestId(`outcome-${code}`)).toHaveText('Applied');
  await expect(page.getByRole('button', { name: 'Accept all' })).toBeDisabled();
  await ops.dispose();
});

test('operations sets the crews, equipment and a type’s needs of the door plan', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { ops, facility } = await hubWithTrucks(baseURL!, 0);
  const typeName = `Frozen ${randomUUID().slice(0, 4)}`;
  const type = await ok(
    await ops.post(`/api/appointment-types/facilities/${facility.id}/types`, {
      data: {
        name: typeName,
        direction: 'inbound',
        vehicleTypes: [],
        doorIds: [],
        durationRule: { kind: 'fixed', minutes: 60 },
      },
    }),
    201,
  );
  await signIn(page, 'operations');
  await openDoorPlan(page, facility.name);
  const card = page.getByRole('form', { name: 'Labour and equipment' });
  await expect(card.getByText('No crew limit: only the doors limit the plan.')).toBeVisible();

  // A shift (08:00 to 12:00 by default) of 2 crews, and one reefer plug that the type needs.
  await card.getByRole('button', { name: 'Add a shift' }).click();
  await card.getByLabel('Crews', { exact: true }).fill('2');
  await card.getByRole('button', { name: 'Add equipment' }).click();
  await card.getByLabel('Name', { exact: true }).fill('Reefer plug');
  // An empty count is refused under its field before anything is sent.
  await card.getByLabel('Count', { exact: true }).fill('');
  await card.getByRole('button', { name: 'Save labour and equipment' }).click();
  await expect(card.getByText('An equipment count must be a whole number from 0 to 999')).toBeVisible();
  await card.getByLabel('Count', { exact: true }).fill('1');
  await card.getByRole('group', { name: typeName }).getByRole('checkbox', { name: 'Reefer plug' }).check();
  expect(await seriousViolations(page, 'door plan labour and equipment')).toEqual([]);
  await card.getByRole('button', { name: 'Save labour and equipment' }).click();
  await expect(page.getByText('Labour and equipment saved')).toBeVisible();

  const settings = await ok(await ops.get(`/api/planner/settings?facilityId=${facility.id}`));
  expect(settings).toMatchObject({
    crews: [{ fromHour: 8, toHour: 12, crews: 2 }],
    equipment: [{ name: 'Reefer plug', count: 1 }],
    needs: [{ appointmentTypeId: type.id, items: ['Reefer plug'] }],
    revision: 1,
  });
  await ops.dispose();
});
