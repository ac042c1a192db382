// Yard moves as tasks (issue #58.4) on a phone: at the demo hub, which drops trailers, a walk-in's
// trailer is parked on a free spot and given a free door (as applying the door plan does); the yard
// manager's task list shows its spot -> door move, Start and Done are tapped, and the yard view shows the
// trailer at its door with its spot free. The move back (door -> spot, after unloading) is done through
// the API at the end, so the next run finds the door and the spot free again.
import { expect, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { PASSWORD, SCREEN_OPENS_MS, signIn, whenNotBusy } from './support';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

interface Task {
  id: string;
  kind: 'to_door' | 'to_spot';
  state: string;
  assetId: string;
  spotId: string | null;
}

async function tasksOf(page: Page, plate: string): Promise<Task[]> {
  const res = await page.request.get('/api/facilities/default/yard-tasks');
  expect(res.status()).toBe(200);
  return ((await res.json()).tasks as Task[]).filter((t) => t.assetId === plate);
}

async function ok(call: Promise<APIResponse>, status = 200) {
  const res = await call;
  expect(res.status(), await res.text()).toBe(status);
  return res;
}

async function dropTrailersAtTheHub(request: APIRequestContext) {
  await ok(whenNotBusy(() => request.post('/api/auth/login', { data: { identifier: 'admin', password: PASSWORD } })));
  await ok(request.put('/api/facilities/default/yard-settings', { data: { dropTrailers: true } }));
}

test('a yard task is done on a phone: Start, Done, and the yard view shows the trailer at its door', async ({
  page,
  request,
}, testInfo) => {
  const plate = `MH04YT${String(1000 + ((testInfo.repeatEachIndex * 97 + Date.now()) % 9000))}`;
  await dropTrailersAtTheHub(request);
  await signIn(page, 'yard_manager');

  // Prepare: the truck checks in, its trailer is parked on a free spot and the plan gives it a free door.
  const yard = await (await ok(page.request.get('/api/yard/overview'))).json();
  const spot = (yard.spots as { id: string; spotNumber: string; status: string; currentAssetId: string | null }[]).find(
    (s) => s.status === 'empty' && !s.currentAssetId,
  )!;
  const door = (yard.doors as { id: string; doorNumber: string; status: string }[]).find(
    (d) => d.status === 'available',
  )!;
  expect(spot && door, 'a free spot and a free door').toBeTruthy();
  const walkIn = await (
    await ok(
      page.request.post('/api/checkins/walk-in', {
        data: { driverName: 'Yard Task Journey', vehicleLicense: plate, carrierName: 'Shree Tempo' },
      }),
      201,
    )
  ).json();
  await ok(page.request.patch(`/api/yard-spots/${spot.id}/status`, { data: { status: 'occupied', assetId: plate } }));
  await ok(page.request.patch(`/api/checkins/${walkIn.id}/door`, { data: { dockDoorId: door.id } }));
  // The worker makes the move from the door's change on the table's stream.
  await expect
    .poll(async () => (await tasksOf(page, plate)).map((t) => `${t.kind} ${t.state}`))
    .toEqual(['to_door open']);

  // Act: the yard manager's list on the phone.
  await page.goto('/yard/tasks');
  await expect(page.getByRole('heading', { name: 'Yard tasks' })).toBeVisible({ timeout: SCREEN_OPENS_MS });
  const moves = page.getByRole('list', { name: 'Moves to do' });
  const task = moves.getByRole('listitem', { name: `${plate} ${spot.spotNumber} → Door ${door.doorNumber}` });
  await expect(task).toBeVisible();
  await expect(task).toContainText('Open');
  await expect(task).toContainText('Spot to door');
  await task.getByRole('button', { name: 'Start' }).click();
  await expect(task).toContainText('Started');
  await task.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${plate} is at ${door.doorNumber}` })).toBeVisible();
  const done = page
    .getByRole('region', { name: 'Done recently' })
    .getByRole('listitem', { name: `${plate} ${spot.spotNumber} → Door ${door.doorNumber}` });
  await expect(done).toContainText('Done');
  await expect(done.getByRole('button')).toHaveCount(0);
  await expect(task).toHaveCount(0);

  // Assess: the yard view shows the trailer at its door, and its spot free.
  await page.getByRole('link', { name: 'Back to the yard view' }).click();
  const dock = page.getByTestId('dock').filter({ hasText: door.doorNumber });
  await expect(dock).toContainText(plate, { timeout: SCREEN_OPENS_MS });
  await expect(dock).toHaveAttribute('data-status', 'occupied');
  await expect(page.getByRole('button', { name: `Spot ${spot.spotNumber} ${plate}`, exact: true })).toHaveCount(0);

  // Clean up: unloaded, the trailer's move back to a spot is done and that spot released.
  for (const status of ['unloading', 'completed'])
    await ok(page.request.patch(`/api/checkins/${walkIn.id}/status`, { data: { status } }));
  await expect.poll(async () => (await tasksOf(page, plate)).some((t) => t.kind === 'to_spot')).toBe(true);
  const back = (await tasksOf(page, plate)).find((t) => t.kind === 'to_spot')!;
  await ok(page.request.post(`/api/yard-tasks/${back.id}/start`, { data: {} }));
  const parked = await (await ok(page.request.post(`/api/yard-tasks/${back.id}/finish`, { data: {} }))).json();
  await ok(page.request.patch(`/api/yard-spots/${parked.spotId}/status`, { data: { status: 'empty' } }));
});
