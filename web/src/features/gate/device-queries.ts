// What the gate screen reads from the device (IndexedDB) before it can show anything: its settings
// with the kit of the facility it guards, and the outbox. Read through React Query, which must not
// wait for a network to read the device; asked for by the router beside the screen's code when /gate
// opens (issue #34), so that the screen's first render already has them and renders once, not once
// per answer on a slow phone.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { deviceState, outboxEntries } from './gate-store';

const local = { networkMode: 'always', staleTime: Infinity } as const;

/** The device's settings and its facility's kit, read together. */
export const deviceQuery = queryOptions({ ...local, queryKey: ['gate-device', 'device'], queryFn: deviceState });

export const outboxQuery = queryOptions({ ...local, queryKey: ['gate-device', 'outbox'], queryFn: outboxEntries });

export async function prefetchGateDevice(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.prefetchQuery(deviceQuery), queryClient.prefetchQuery(outboxQuery)]);
}
