import { z } from 'zod';
import { LotExclusionRequest } from '../../shared/schemas/lots.js';
import type { EmulatorContext } from '../context.js';
import type { StoredInventory } from '../data/model.js';
import { parseBodyProblem, problem } from '../http/errors.js';
import type { ApiRequest, RouteDef } from '../http/router.js';
import { V } from './versions.js';

/** Lot exclusions (2026-07): errors are problem details (API notes). */
function item(ctx: EmulatorContext, inventoryId: number | null | undefined, sku: string | null | undefined): StoredInventory {
  const found = inventoryId != null ? ctx.store.inventory(inventoryId) : sku ? ctx.store.inventoryBySku(sku) : undefined;
  if (!found) throw problem(404, `No inventory item ${inventoryId ?? sku}.`);
  return found;
}

function request(req: ApiRequest, ctx: EmulatorContext) {
  if (typeof req.body !== 'object' || req.body === null || !('lot_number' in req.body) || !req.body.lot_number) {
    throw problem(400, 'lot_number is required.');
  }
  const body = parseBodyProblem(LotExclusionRequest, req.body);
  const inv = item(ctx, body.inventory_id, body.sku);
  if (!inv.is_lot) throw problem(400, `${inv.sku} is not lot-tracked.`);
  if (!inv.lots.some((l) => l.lot_number === body.lot_number)) throw problem(404, `${inv.sku} has no lot ${body.lot_number}.`);
  return { body, inv };
}

/** Every exclusion (active or soft-deleted) of one lot of one item. */
function exclusionsOf(ctx: EmulatorContext, inv: StoredInventory, lot: string) {
  return ctx.store.data.lotExclusions.filter((x) => x.inventory_id === inv.inventory_id && x.lot_number === lot);
}

const state = (x: { inventory_id: number; lot_number: string; lot_date: string | null; is_deleted: boolean; deleted_timestamp: string | null }) => ({
  inventory_id: x.inventory_id,
  lot_number: x.lot_number,
  lot_date: x.lot_date,
  is_deleted: x.is_deleted,
  deleted_timestamp: x.deleted_timestamp,
});

const ListQuery = z.object({ inventory_id: z.string().regex(/^\d+$/).optional(), sku: z.string().min(1).optional() });

export const lotRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/lot-exclusion',
    versions: V.v2026_07,
    scope: 'inventory_read',
    handle: (req, ctx) => {
      const q = ListQuery.safeParse(req.query);
      if (!q.success || (!q.data.inventory_id && !q.data.sku)) throw problem(400, 'Give inventory_id (a whole number) or sku.');
      const inv = item(ctx, q.data.inventory_id ? Number(q.data.inventory_id) : null, q.data.sku);
      return {
        body: {
          inventory_id: inv.inventory_id,
          inventory_name: inv.name,
          inventory_sku: inv.sku,
          lot_exclusions: ctx.store.data.lotExclusions.filter((x) => x.inventory_id === inv.inventory_id),
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/lot-exclusion',
    versions: V.v2026_07,
    scope: 'inventory_write',
    handle: (req, ctx) => {
      const { body, inv } = request(req, ctx);
      if (exclusionsOf(ctx, inv, body.lot_number).some((x) => !x.is_deleted)) {
        throw problem(409, `Lot ${body.lot_number} of ${inv.sku} is already excluded.`);
      }
      const record = {
        id: ctx.store.nextId(),
        inventory_id: inv.inventory_id,
        lot_number: body.lot_number,
        lot_date: body.lot_date ?? inv.lots.find((l) => l.lot_number === body.lot_number)?.expiration_date ?? null,
        is_deleted: false,
        created_timestamp: ctx.clock.now().toISOString(),
        deleted_timestamp: null,
      };
      ctx.store.data.lotExclusions.push(record);
      ctx.store.changed();
      return { status: 201, body: record };
    },
  },
  {
    method: 'POST',
    path: '/lot-exclusion:delete',
    versions: V.v2026_07,
    scope: 'inventory_write',
    handle: (req, ctx) => {
      const { body, inv } = request(req, ctx);
      const active = exclusionsOf(ctx, inv, body.lot_number).find((x) => !x.is_deleted);
      if (!active) throw problem(404, `Lot ${body.lot_number} of ${inv.sku} has no active exclusion.`);
      active.is_deleted = true;
      active.deleted_timestamp = ctx.clock.now().toISOString();
      ctx.store.changed();
      return { body: state(active) };
    },
  },
  {
    method: 'POST',
    path: '/lot-exclusion/restore',
    versions: V.v2026_07,
    scope: 'inventory_write',
    handle: (req, ctx) => {
      const { body, inv } = request(req, ctx);
      const matches = exclusionsOf(ctx, inv, body.lot_number);
      if (matches.some((x) => !x.is_deleted)) throw problem(409, `Lot ${body.lot_number} of ${inv.sku} is already excluded.`);
      const latest = matches.sort((a, b) => (b.deleted_timestamp ?? '').localeCompare(a.deleted_timestamp ?? ''))[0];
      if (!latest) throw problem(404, `Lot ${body.lot_number} of ${inv.sku} has no exclusion to restore.`);
      // Spec 3 and 4.9: restore reverses the soft delete.
      latest.is_deleted = false;
      latest.deleted_timestamp = null;
      ctx.store.changed();
      return { body: state(latest) };
    },
  },
];
