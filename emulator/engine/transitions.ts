import type { EventCategory } from '../../shared/schemas/inventory.js';
import type { ReceivingStatus } from '../../shared/schemas/receiving.js';
import type { VirtualClock } from '../clock.js';
import type { StoredHistoryEvent, StoredBox, StoredInventory, StoredReturn, StoredSimulation, StoredWro } from '../data/model.js';
import type { EmulatorStore } from '../store.js';
import { boxNeverCame, countBox, receiptProblem, type Receipt, type ReceiptMove } from './receipts.js';
import type { WebhookDispatcher } from './webhooks.js';

/**
 * States that move on the virtual clock (README, "Transitions"). Each step has a time; advancing the
 * clock runs every step that is due, in time order, with its side effects: inventory, history,
 * webhooks. Steps are idempotent, so advancing twice to the same time changes nothing.
 *
 * Receiving box: Awaiting →(arrive_at) Arrived →(+2h) Counting →(+3h) Stowing (received) →(+5h) Completed (stowed).
 * Return: AwaitingArrival →(arrive_at) Arrived →(process_at) Processing →(complete_at) Completed.
 * Sandbox simulation: LabelCreated →(+1h) Shipped →(+48h) Delivered (or Exception / OnHold).
 */
const HOUR = 3_600_000;
export const BOX_STEPS = { countingAfterMs: 2 * HOUR, receivedAfterMs: 3 * HOUR, stowedAfterMs: 5 * HOUR } as const;
export const SIMULATION_STEPS = { shippedAfterMs: HOUR, deliveredAfterMs: 48 * HOUR } as const;

export class TransitionEngine {
  /** While true (during seeding), steps change state but emit no webhooks and write no history. */
  private silent = false;

  constructor(
    private readonly clock: VirtualClock,
    private readonly store: EmulatorStore,
    private readonly webhooks: WebhookDispatcher,
    private readonly env: 'production' | 'sandbox',
  ) {}

  advanceSilently(): void {
    this.silent = true;
    try {
      this.advance();
    } finally {
      this.silent = false;
    }
  }

  advance(): void {
    const now = this.clock.nowMs();
    let changed = false;
    for (const wro of this.store.data.receivingOrders) if (wro.moving && this.advanceWro(wro, now)) changed = true;
    for (const ret of this.store.data.returns) if (ret.schedule && this.advanceReturn(ret, now)) changed = true;
    for (const sim of this.store.data.simulations) if (this.advanceSimulation(sim, now)) changed = true;
    if (changed) this.store.changed();
  }

  // ------------------------------------------------------------ receiving

  private advanceWro(wro: StoredWro, now: number): boolean {
    if (wro.status === 'Completed' || wro.status === 'Cancelled') return false;
    type Step = { at: number; run: () => void };
    const steps: Step[] = [];
    for (const box of wro.boxes) {
      if (box.arrive_at === null || box.box_status === 'Completed' || box.box_status === 'Cancelled') continue;
      const t = box.arrive_at;
      if (box.box_status === 'Awaiting') steps.push({ at: t, run: () => this.boxArrived(box, t) });
      if (box.box_status === 'Awaiting' || box.box_status === 'Arrived')
        steps.push({ at: t + BOX_STEPS.countingAfterMs, run: () => this.boxCounting(box, t + BOX_STEPS.countingAfterMs) });
      if (box.box_status !== 'Stowing') steps.push({ at: t + BOX_STEPS.receivedAfterMs, run: () => this.boxReceived(wro, box, t + BOX_STEPS.receivedAfterMs) });
      steps.push({ at: t + BOX_STEPS.stowedAfterMs, run: () => this.boxStowed(wro, box, t + BOX_STEPS.stowedAfterMs) });
    }
    const due = steps.filter((s) => s.at <= now).sort((a, b) => a.at - b.at);
    for (const step of due) {
      step.run();
      this.settleWroStatus(wro, step.at);
    }
    return due.length > 0;
  }

  /**
   * A receipt made through the control API (receipts.ts): the counts as given, stock and history as
   * a counted box moves them, then the order's status (closed when asked: Completed, or Incomplete
   * when a box never came). The order no longer moves on the clock: its counts are the ones given.
   * Answers why it cannot apply, or null.
   */
  receiveByHand(wro: StoredWro, receipt: Receipt, atMs: number): string | null {
    const problem = receiptProblem(wro, receipt);
    if (problem) return problem;
    const at = new Date(atMs).toISOString();
    for (const b of receipt.boxes) {
      const box = wro.boxes.find((x) => x.box_id === b.boxId)!;
      if (!b.received) {
        if (box.received_date === null) boxNeverCame(box);
        continue;
      }
      for (const move of countBox(box, b.lines, at)) this.stockCounted(wro, move, atMs);
    }
    wro.moving = false;
    for (const box of wro.boxes) box.arrive_at = null;
    if (receipt.close) this.closeWro(wro, atMs);
    else this.settleWroStatus(wro, atMs);
    this.store.changed();
    return null;
  }

  private stockCounted(wro: StoredWro, { item, received, awaited }: ReceiptMove, at: number): void {
    const inv = this.store.inventory(item.inventory_id);
    if (!inv) return;
    const level = this.levelAt(inv, wro.fulfillment_center.id);
    level.on_hand = Math.max(0, level.on_hand + received);
    level.awaiting = Math.max(0, level.awaiting - awaited);
    if (item.lot_number && received !== 0) {
      const lot = inv.lots.find((l) => l.lot_number === item.lot_number && l.fc_id === wro.fulfillment_center.id);
      if (lot) lot.on_hand = Math.max(0, lot.on_hand + received);
      else if (received > 0)
        inv.lots.push({ lot_number: item.lot_number, expiration_date: item.lot_date, fc_id: wro.fulfillment_center.id, on_hand: received });
    }
    if (received !== 0)
      this.history(
        inv,
        'InventoryReceived',
        at,
        { type: 'WRO', value: String(wro.id) },
        wro.fulfillment_center.id,
        received,
        0,
        item.lot_number,
        item.lot_date,
        'Received',
      );
  }

  /** The warehouse closes the order: what was counted is final. */
  private closeWro(wro: StoredWro, at: number): void {
    const missing = wro.boxes.some((b) => b.received_date === null && b.box_status !== 'Cancelled');
    this.moveWro(wro, missing ? 'Incomplete' : 'Completed', at);
  }

  private boxArrived(box: StoredBox, at: number): void {
    box.box_status = 'Arrived';
    box.arrived_date = new Date(at).toISOString();
  }

  private boxCounting(box: StoredBox, at: number): void {
    box.box_status = 'Counting';
    box.counting_started_date = new Date(at).toISOString();
  }

  private boxReceived(wro: StoredWro, box: StoredBox, at: number): void {
    box.box_status = 'Stowing';
    box.received_date = new Date(at).toISOString();
    for (const item of box.box_items) {
      item.received_quantity = item.quantity;
      const inv = this.store.inventory(item.inventory_id);
      if (!inv) continue;
      const level = this.levelAt(inv, wro.fulfillment_center.id);
      level.on_hand += item.quantity;
      level.awaiting = Math.max(0, level.awaiting - item.quantity);
      if (item.lot_number) {
        const lot = inv.lots.find((l) => l.lot_number === item.lot_number && l.fc_id === wro.fulfillment_center.id);
        if (lot) lot.on_hand += item.quantity;
        else inv.lots.push({ lot_number: item.lot_number, expiration_date: item.lot_date, fc_id: wro.fulfillment_center.id, on_hand: item.quantity });
      }
      this.history(
        inv,
        'InventoryReceived',
        at,
        { type: 'WRO', value: String(wro.id) },
        wro.fulfillment_center.id,
        item.quantity,
        0,
        item.lot_number,
        item.lot_date,
        'Received',
      );
    }
  }

  private boxStowed(wro: StoredWro, box: StoredBox, at: number): void {
    box.box_status = 'Completed';
    for (const item of box.box_items) {
      item.stowed_quantity = item.received_quantity;
      const inv = this.store.inventory(item.inventory_id);
      if (inv)
        this.history(
          inv,
          'ReceivingStow',
          at,
          { type: 'WRO', value: String(wro.id) },
          wro.fulfillment_center.id,
          item.received_quantity,
          -item.received_quantity,
          item.lot_number,
          item.lot_date,
          'Fulfillable',
        );
    }
  }

  private settleWroStatus(wro: StoredWro, at: number): void {
    const statuses = wro.boxes.map((b) => b.box_status);
    let next: ReceivingStatus;
    if (statuses.every((s) => s === 'Completed')) next = 'Completed';
    else if (statuses.some((s) => s === 'Counting' || s === 'Stowing' || s === 'Completed')) next = 'Processing';
    else if (statuses.some((s) => s === 'Arrived') && statuses.some((s) => s === 'Awaiting')) next = 'PartiallyArrived';
    else if (statuses.every((s) => s === 'Arrived')) next = 'Arrived';
    else next = 'Awaiting';
    this.moveWro(wro, next, at);
  }

  private moveWro(wro: StoredWro, next: ReceivingStatus, at: number): void {
    if (next === wro.status) return;
    wro.status = next;
    const timestamp = new Date(at).toISOString();
    wro.last_updated_date = timestamp;
    const lastId = wro.status_history.reduce((m, h) => Math.max(m, h.id), 0);
    wro.status_history.push({ id: lastId + 1, status: next, timestamp });
    if (!this.silent) {
      const payload = { event_time: timestamp, receiving_order_id: wro.id, purchase_order_number: wro.purchase_order_number, status: next };
      this.webhooks.emit(next === 'Completed' ? 'receiving.completed' : 'receiving.updated', payload);
    }
  }

  // ------------------------------------------------------------ returns

  private advanceReturn(ret: StoredReturn, now: number): boolean {
    const s = ret.schedule!;
    let changed = false;
    const move = (status: StoredReturn['status'], at: number) => {
      ret.status = status;
      ret.status_history.push({ status, timestamp: new Date(at).toISOString() });
      changed = true;
    };
    if (ret.status === 'AwaitingArrival' && s.arrive_at <= now) {
      move('Arrived', s.arrive_at);
      this.emitReturn('return.updated', ret, s.arrive_at);
    }
    if (ret.status === 'Arrived' && s.process_at <= now) {
      move('Processing', s.process_at);
      this.emitReturn('return.updated', ret, s.process_at);
    }
    if (ret.status === 'Processing' && s.complete_at <= now) {
      for (const line of ret.inventory) {
        const inv = this.store.inventory(line.id);
        const action = line.action_requested.action === 'Default' ? (inv?.default_return_action ?? 'Restock') : line.action_requested.action;
        line.action_taken = [{ action, action_reason: action === 'Restock' ? 'Passed inspection' : 'Per requested action', quantity_processed: line.quantity }];
        if (action === 'Restock' && inv) {
          this.levelAt(inv, ret.fulfillment_center.id).on_hand += line.quantity;
          this.history(
            inv,
            'InventoryRestocked',
            s.complete_at,
            { type: 'Return', value: String(ret.id) },
            ret.fulfillment_center.id,
            line.quantity,
            0,
            line.lot_number,
            line.lot_date,
            'Fulfillable',
          );
        }
      }
      move('Completed', s.complete_at);
      ret.completed_date = new Date(s.complete_at).toISOString();
      ret.schedule = null;
      this.emitReturn('return.completed', ret, s.complete_at);
    }
    return changed;
  }

  private emitReturn(topic: 'return.updated' | 'return.completed', ret: StoredReturn, at: number): void {
    if (!this.silent)
      this.webhooks.emit(topic, { event_time: new Date(at).toISOString(), return_id: ret.id, reference_id: ret.reference_id, status: ret.status });
  }

  // ------------------------------------------------------------ sandbox simulations

  private advanceSimulation(sim: StoredSimulation, now: number): boolean {
    let changed = false;
    for (const step of sim.steps) {
      if (step.done || step.at > now) continue;
      step.done = true;
      step.completed_at = new Date(step.at).toISOString();
      changed = true;
      this.runSimulationStep(sim, step.name, step.at);
    }
    return changed;
  }

  private runSimulationStep(sim: StoredSimulation, name: StoredSimulation['steps'][number]['name'], at: number): void {
    const order = this.store.data.orders.find((o) => o.shipments.some((s) => s.id === sim.shipment_id));
    const shipment = order?.shipments.find((s) => s.id === sim.shipment_id);
    if (!order || !shipment) return;
    const time = new Date(at).toISOString();
    shipment.last_update_at = time;
    const orderPayload = (status: string) => ({
      event_time: time,
      order_id: order.id,
      reference_id: order.reference_id ?? '',
      shipment_id: shipment.id,
      status,
    });
    if (name === 'LabelCreated') {
      shipment.status = 'LabeledCreated';
      return;
    }
    if (name === 'Shipped') {
      shipment.status = 'Completed';
      shipment.actual_fulfillment_date = time;
      shipment.last_tracking_update_at = time;
      shipment.estimated_fulfillment_date_status = 'FulfilledOnTime';
      shipment.tracking ??= {
        carrier: 'USPS',
        carrier_service: 'Ground Advantage',
        tracking_number: `9400${String(shipment.id).padStart(12, '0')}`,
        tracking_url: 'https://tools.usps.com/go/TrackConfirmAction',
        shipping_date: time,
        bol: null,
        pro_number: null,
        scac: null,
      };
      order.status = order.shipments.every((s) => s.status === 'Completed' || s.status === 'Cancelled') ? 'Fulfilled' : 'PartiallyFulfilled';
      this.webhooks.emit('order.shipped', orderPayload('Shipped'));
      // Spec 6.4: in sandbox, tracking events occur for labels created with location 33.
      if (this.env === 'sandbox' && shipment.location.id === 33) {
        const t = shipment.tracking;
        this.webhooks.emit('order.shipment.tracking_received', {
          event_time: time,
          order_id: order.id,
          reference_id: order.reference_id ?? '',
          status: 'LabeledCreated',
          tracking: { carrier: t.carrier, carrier_service: t.carrier_service, tracking_id: t.tracking_number, tracking_url: t.tracking_url },
        });
      }
      return;
    }
    shipment.delivery_date = time;
    this.webhooks.emit('order.shipment.delivered', orderPayload('Delivered'));
  }

  // ------------------------------------------------------------ shared effects

  private levelAt(inv: StoredInventory, fcId: number) {
    let level = inv.levels.find((l) => l.fc_id === fcId);
    if (!level) {
      level = { fc_id: fcId, on_hand: 0, committed: 0, awaiting: 0, exception: 0, internal_transfer: 0, backordered: 0 };
      inv.levels.push(level);
    }
    return level;
  }

  private history(
    inv: StoredInventory,
    category: EventCategory,
    at: number,
    reference: { type: string; value: string },
    fcId: number,
    increment: number,
    decrement: number,
    lot: string | null,
    lotDate: string | null,
    status: string,
  ): void {
    if (this.silent) return;
    const movement = (qty: number, st: string) => ({
      facility_id: fcId,
      location_id: fcId * 1000,
      sku: inv.sku,
      lot_number: lot,
      expiration_date: lotDate,
      inventory_status: st,
      quantity_change: qty,
      committed_quantity_change: 0,
    });
    const history = this.store.data.history;
    const event: StoredHistoryEvent = {
      inventory_audit_event_id: (history[history.length - 1]?.inventory_audit_event_id ?? 0) + 1,
      inventory_id: inv.inventory_id,
      event_category: category,
      event_datetime: new Date(at).toISOString(),
      order_id: null,
      primary_reference: reference,
      additional_reference: [],
      increment: increment !== 0 ? movement(increment, status) : null,
      decrement: decrement !== 0 ? movement(decrement, 'Received') : null,
    };
    history.push(event);
  }
}
