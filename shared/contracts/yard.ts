// Yard spots and their status (docs/architecture.md §1, yard).
import * as z from 'zod';
import { optionalText } from './fields';

export const YARD_SPOT_STATUSES = ['empty', 'occupied', 'maintenance'] as const;
export const yardSpotStatusSchema = z
  .strictObject({
    status: z.enum(YARD_SPOT_STATUSES, { error: 'Status must be empty, occupied or maintenance' }),
    assetId: optionalText(40),
  })
  .refine((v) => v.status !== 'occupied' || Boolean(v.assetId), {
    message: 'An occupied spot needs the asset (vehicle) id',
    path: ['assetId'],
  });
