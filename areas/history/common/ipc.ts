import { z } from 'zod';
import { DateTime } from '../../../shared/schemas/common.js';
import { CenterId } from '../../../shared/schemas/center.js';
import { EventCategory } from '../../../shared/schemas/inventory.js';
import { InventoryId } from '../../inventory/common/ipc.js';

/**
 * Inventory history: the service's audit events of a center over at most 90 days, every page in
 * one call (cancel it with ipc.cancel and the call's id), progress as events. The channel names keep
 * the `inventory.` prefix the renderer has always called them by.
 */

/** Spec 4.6 / API notes: a history query covers at most 90 days. */
export const HISTORY_MAX_DAYS = 90;

export const HistoryInput = z
  .object({
    fc: CenterId,
    inventoryIds: z.array(InventoryId).max(100).optional(),
    from: DateTime,
    to: DateTime,
    category: EventCategory.optional(),
    /** Echoed in `inventory.historyProgress` events so the caller can tell its query's progress apart (use the callId). */
    progressId: z.string().min(1).max(64).optional(),
  })
  .strict()
  .refine((q) => Date.parse(q.from) <= Date.parse(q.to), { message: 'The start of the date range is after its end', path: ['from'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= HISTORY_MAX_DAYS * 86_400_000, {
    message: `A history query covers at most ${HISTORY_MAX_DAYS} days; narrow the date range`,
    path: ['to'],
  });
export type HistoryInput = z.infer<typeof HistoryInput>;

/** One side of a history event's movement. quantityChange is signed. */
export const HistoryMovement = z.object({
  side: z.enum(['increment', 'decrement']),
  facilityId: z.number().int(),
  locationId: z.number().int(),
  lotNumber: z.string().nullable(),
  expiresAt: DateTime.nullable(),
  quantityChange: z.number().int(),
  committedChange: z.number().int(),
});

export const HistoryRow = z.object({
  eventId: z.number().int(),
  inventoryId: z.number().int(),
  at: DateTime,
  category: z.string().nullable(),
  serviceOrderId: z.number().int().nullable(),
  references: z.array(z.object({ key: z.string().nullable(), value: z.string().nullable() })),
  movements: z.array(HistoryMovement),
  /** Sum of the movements' quantity changes (the step of the on-hand running sum). */
  quantityChange: z.number().int(),
});
export type HistoryRow = z.infer<typeof HistoryRow>;

export const HistoryAnswer = z.object({ events: z.array(HistoryRow), pages: z.number().int().min(0) });

export const HistoryProgress = z.object({ progressId: z.string().nullable(), pages: z.number().int().min(0), events: z.number().int().min(0) });

export const historyChannels = {
  /** Every page of a history query (cancel with ipc.cancel and the call's callId). */
  'inventory.history': { input: HistoryInput, output: HistoryAnswer },
} as const;

export const historyEvents = {
  'inventory.historyProgress': HistoryProgress,
} as const;

/** This area's part of the IPC contract, as shared/ipc/areas.ts lists it (from areas/manifest.ts). */
export const historyIpc = { id: 'history', channels: historyChannels, events: historyEvents } as const;
