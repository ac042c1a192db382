// The holding queue and holding area of a facility (GET /api/holding/queue, GET/PUT /api/holding/area,
// issue #58.3): declared once, read by the gate screen's and the dashboard's queue card.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HoldingArea, HoldingAreaInput, HoldingQueue } from '@shared/contracts/holding';
import { api } from '../../../lib/api-client';

const facilityQuery = (facilityId: string | null | undefined) =>
  facilityId ? `?facilityId=${encodeURIComponent(facilityId)}` : '';

/** Refreshed as often as the dashboard's check-ins (15 s): waiting times and calls move on their own. */
export const holdingQueueQuery = (facilityId?: string | null) =>
  queryOptions({
    queryKey: ['/api/holding/queue', facilityId ?? 'default'],
    queryFn: () => api.get<HoldingQueue>(`/api/holding/queue${facilityQuery(facilityId)}`),
    refetchInterval: 15_000,
  });

export const useHoldingQueue = (facilityId?: string | null) => useQuery(holdingQueueQuery(facilityId));

export const holdingAreaQuery = (facilityId?: string | null) =>
  queryOptions({
    queryKey: ['/api/holding/area', facilityId ?? 'default'],
    queryFn: () => api.get<HoldingArea>(`/api/holding/area${facilityQuery(facilityId)}`),
  });

export const saveHoldingArea = (facilityId: string | null | undefined, input: HoldingAreaInput) =>
  api.put<HoldingArea>(`/api/holding/area${facilityQuery(facilityId)}`, input);
