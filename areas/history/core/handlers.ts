import type { EventName, EventPayload } from '../../../shared/ipc/contract.js';
import type { HistoryInput, HistoryRow, historyChannels } from '../common/ipc.js';
import type { InventoryEvent, QuantityMovement } from '../../../shared/schemas/inventory.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import { linkedPages } from '../../../electron/core/api/paging.js';
import { queryHistory } from '../../inventory/core/index.js';
import type { HandlersFor } from '../../../electron/core/ipc/registry.js';

export interface HistoryHandlerDeps {
  api: () => ApiClient;
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
}

export function historyHandlers(deps: HistoryHandlerDeps): HandlersFor<typeof historyChannels> {
  return {
    'inventory.history': async (input, call) => history(deps, input, call.signal),
  };
}

async function history(deps: HistoryHandlerDeps, input: HistoryInput, signal: AbortSignal) {
  const query = {
    facility_id: input.fc,
    inventory_ids: input.inventoryIds ?? null,
    event_category: input.category ?? null,
    start_date: input.from,
    end_date: input.to,
  };
  const api = deps.api();
  const events: HistoryRow[] = [];
  let pages = 0;
  for await (const page of linkedPages(
    () => queryHistory(api, query, null, signal),
    (next) => queryHistory(api, query, next, signal),
    signal,
  )) {
    pages++;
    for (const event of page) events.push(historyRow(event));
    deps.emit('inventory.historyProgress', { progressId: input.progressId ?? null, pages, events: events.length });
  }
  return { events, pages };
}

function historyRow(e: InventoryEvent): HistoryRow {
  const movements = (
    [
      ['increment', e.increment],
      ['decrement', e.decrement],
    ] as const
  )
    .filter((pair): pair is readonly ['increment' | 'decrement', QuantityMovement] => pair[1] != null)
    .map(([side, m]) => ({
      side,
      facilityId: m.facility_id ?? 0,
      locationId: m.location_id ?? 0,
      lotNumber: m.lot_number ?? null,
      expiresAt: m.expiration_date ?? null,
      quantityChange: m.quantity_change ?? 0,
      committedChange: m.committed_quantity_change ?? 0,
    }));
  return {
    eventId: e.inventory_audit_event_id,
    inventoryId: e.inventory_id,
    at: e.event_datetime,
    category: e.event_category ?? null,
    serviceOrderId: e.service_order_id ?? null,
    references: (e.additional_reference ?? []).map((r) => ({ key: r.key ?? null, value: r.value ?? null })),
    movements,
    quantityChange: movements.reduce((sum, m) => sum + m.quantityChange, 0),
  };
}
