import { randomUUID } from 'node:crypto';
import { appError } from '../../../electron/core/words.js';
import type { EventName, EventPayload } from '../../../shared/ipc/contract.js';
import type { ReturnDetail } from '../common/ipc.js';
import { checkReturnDraft, clearServiceErrors, returnBody } from '../common/rules.js';
import { ruleInEnglish } from './ruleWords.js';
import type { DraftRecord } from '../../../shared/schemas/drafts.js';
import type { OutboxEntryView } from '../../../shared/schemas/outbox.js';
import { ReturnDraft, type ReturnOrderContext } from '../../../shared/schemas/return-draft.js';
import { ReturnAction, type ReturnRecord } from '../../../shared/schemas/returns.js';
import type { ApiClient } from '../../../electron/core/api/api-client.js';
import type { Clock } from '../../../electron/core/clock.js';
import { scopeKey, type DeskScope } from '../../../electron/core/data/desk-paths.js';
import type { DraftStore } from '../../../electron/core/data/draft-store.js';
import { PerScope } from '../../../electron/core/data/scoped.js';
import { Outbox, type OutboxDeps } from './outbox.js';
import { cancelReturn, findOrdersForReturn, getReturn } from './resources.js';
import { answerDone, answerRefused, isRefusal, type JournalService } from '../../journal/core/index.js';

export interface ReturnsDeskDeps {
  dataDir: string;
  scope: () => DeskScope;
  drafts: (scope: DeskScope) => DraftStore;
  api: () => ApiClient;
  channelId: () => number | null;
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  log: (line: string) => void;
  clock: Clock;
  retry?: { firstMs: number; maxMs: number };
  /** The store shared with the account's other desks. */
  store?: OutboxDeps['store'];
  /** The desk's journal: returns sent, changed and cancelled, with the service's answer. */
  journal?: Pick<JournalService, 'record'>;
}

/**
 * The returns desk in main: submit (rules, then the outbox), "Next box", opening a return for
 * changes, cancel, and the outbox of whichever environment and account is active.
 */
export class ReturnsDesk {
  private readonly outboxes: PerScope<Outbox>;

  constructor(private readonly deps: ReturnsDeskDeps) {
    this.outboxes = new PerScope(deps.dataDir, (dir, scope) => {
      const key = scopeKey(scope);
      return new Outbox(dir, {
        // Only the active scope's outbox may use the active client (its token belongs to that account).
        api: () => (scopeKey(this.deps.scope()) === key && this.deps.api ? this.deps.api() : null),
        channelId: () => this.deps.channelId(),
        drafts: deps.drafts(scope),
        emit: deps.emit,
        log: deps.log,
        clock: deps.clock,
        ...(deps.retry ? { retry: deps.retry } : {}),
        ...(deps.store ? { store: deps.store } : {}),
        ...(deps.journal ? { journal: deps.journal } : {}),
      });
    });
  }

  outbox(): Outbox {
    return this.outboxes.for(this.deps.scope());
  }

  /** On start and after a switch: drop drafts a crash left behind after they reached the outbox, and send. */
  async start(): Promise<void> {
    const outbox = this.outbox();
    const drafts = this.deps.drafts(this.deps.scope());
    for (const d of await drafts.list('return-intake')) if (await outbox.has(d.id)) await drafts.discard(d.id);
    this.deps.emit('outbox.changed', await outbox.status());
    void outbox.drain(); // never rejects: a failed pass is logged inside, and the entries wait on disk
  }

  /** Events from the rest of the core: connectivity back, a sign-in, a switch of environment. */
  onEvent<E extends EventName>(event: E, payload: EventPayload<E>): void {
    if (event === 'connectivity.changed' && payload === 'online') this.outbox().wake();
    if (event === 'session.changed' && (payload as EventPayload<'session.changed'>).status === 'signed-in')
      this.start()
        .then(() => this.outbox().wake())
        .catch((error: unknown) => this.deps.log(`returns: the outbox could not start: ${(error as Error).message}`));
  }

  async submit(draftId: string): Promise<OutboxEntryView> {
    const drafts = this.deps.drafts(this.deps.scope());
    const record = await drafts.get(draftId);
    if (!record) throw appError('not_found', 'errors.drafts.gone');
    if (record.kind !== 'return-intake') throw appError('invalid_input', 'errors.drafts.notReturn', { kind: record.kind });
    const draft = clearServiceErrors(ReturnDraft.parse(record.value));
    const problems = checkReturnDraft(draft);
    if (problems.length > 0) {
      const fieldErrors: Record<string, string[]> = {};
      for (const p of problems) (fieldErrors[p.path] ??= []).push(ruleInEnglish(p.message));
      throw appError('validation', 'errors.returns.notSent', { problem: ruleInEnglish(problems[0]!.message), more: problems.length - 1 }, { fieldErrors });
    }
    // The reference id is fixed from here on (draft-policy.ts); on disk before the outbox sees it.
    const locked = await drafts.restore({ ...record, value: { ...draft, submitAttempts: draft.submitAttempts + 1 } });
    const value = ReturnDraft.parse(locked.value);
    const entry = await this.outbox().enqueue(locked, returnBody(value), value.editOf === null ? 'create' : 'update', value.editOf);
    await drafts.discard(draftId);
    this.deps.emit('drafts.changed', { ids: [draftId], reason: 'submitted' });
    return entry;
  }

  /** Rule 6: this box is one return; the next box starts a new one with the same order context. */
  async nextBox(draftId: string): Promise<{ submitted: OutboxEntryView; draft: DraftRecord }> {
    const drafts = this.deps.drafts(this.deps.scope());
    const record = await drafts.get(draftId);
    if (!record) throw appError('not_found', 'errors.drafts.gone');
    const current = ReturnDraft.parse(record.value);
    const submitted = await this.submit(draftId);
    const draft = await drafts.save({
      kind: 'return-intake',
      value: { fulfillmentCenter: current.fulfillmentCenter, order: current.order, originalShipmentId: current.originalShipmentId },
    });
    this.deps.emit('drafts.changed', { ids: [draft.id], reason: 'created' });
    return { submitted, draft };
  }

  async detail(id: number, signal?: AbortSignal): Promise<ReturnDetail> {
    return withChangeable(await getReturn(this.deps.api(), id, signal));
  }

  async cancel(id: number, signal?: AbortSignal): Promise<ReturnDetail> {
    const before = await this.detail(id, signal);
    if (!before.changeable.allowed)
      throw appError('conflict', 'errors.returns.cannotCancel', {
        id,
        reason: before.changeable.reason ?? 'otherStatus',
        status: before.record.status ?? 'unknown',
      });
    const what = {
      kind: 'return.cancelled' as const,
      record: { kind: 'return' as const, id: String(id), reference: before.record.reference_id ?? null },
      details: {},
    };
    try {
      await cancelReturn(this.deps.api(), id, this.deps.channelId(), signal);
    } catch (error) {
      if (isRefusal(error)) await this.deps.journal?.record({ what, answer: answerRefused(error) });
      throw error;
    }
    await this.deps.journal?.record({ what, answer: answerDone(id) });
    return this.detail(id, signal);
  }

  /** A draft filled from a return awaiting arrival; submitting it sends the change. */
  async edit(id: number, signal?: AbortSignal): Promise<DraftRecord> {
    const { record, changeable } = await this.detail(id, signal);
    if (!changeable.allowed)
      throw appError('conflict', 'errors.returns.cannotChange', { id, reason: changeable.reason ?? 'otherStatus', status: record.status ?? 'unknown' });
    const value = ReturnDraft.parse({
      referenceId: record.reference_id ?? '',
      editOf: id,
      trackingNumber: record.tracking_number ?? '',
      fulfillmentCenter:
        record.fulfillment_center?.id !== undefined ? { id: record.fulfillment_center.id, name: record.fulfillment_center.name ?? null } : null,
      originalShipmentId: record.original_shipment_id ?? null,
      lines: (record.inventory ?? []).map((item) => {
        const action = ReturnAction.safeParse(item.action_requested?.action);
        return {
          inventoryId: item.id,
          sku: item.sku ?? '',
          name: item.name ?? '',
          quantity: item.quantity,
          lotNumber: item.lot_information?.number ?? null,
          expiry: item.lot_information?.expiration ?? null,
          // An action the service chose from the item's preference stays "Default"; an override stays itself.
          requestedAction: item.action_requested?.action_type === 'Override' && action.success ? action.data : 'Default',
        };
      }),
    });
    const now = this.deps.clock.now().toISOString();
    const draft = await this.deps
      .drafts(this.deps.scope())
      .restore({ id: randomUUID(), kind: 'return-intake', value, createdAt: now, updatedAt: now, revision: 0 });
    this.deps.emit('drafts.changed', { ids: [draft.id], reason: 'created' });
    return draft;
  }

  async findOrder(reference: string, signal?: AbortSignal): Promise<ReturnOrderContext[]> {
    const orders = await findOrdersForReturn(this.deps.api(), reference, signal);
    return orders
      .flatMap((o) => (o.id === undefined ? [] : [{ ...o, id: o.id }]))
      .map((o) => ({
        orderId: o.id,
        referenceId: o.reference_id ?? null,
        orderNumber: o.order_number ?? null,
        shipments: (o.shipments ?? [])
          .filter((s): s is typeof s & { id: number } => s.id !== undefined)
          .map((s) => ({
            id: s.id,
            trackingNumber: s.tracking?.tracking_number ?? null,
            fulfillmentCenter: s.location?.id !== undefined ? { id: s.location.id, name: s.location.name ?? null } : null,
          })),
      }));
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.outboxes.all().map((o) => o.close()));
  }
}

/** Spec 3: only AwaitingArrival may be changed or cancelled; otherwise why, by status (the desk words it). */
export function withChangeable(record: ReturnRecord): ReturnDetail {
  const status = record.status ?? 'unknown';
  if (status === 'AwaitingArrival') return { record, changeable: { allowed: true, reason: null } };
  const reason =
    status === 'Cancelled' ? 'cancelled' : status === 'Arrived' || status === 'Processing' || status === 'Completed' ? 'withWarehouse' : 'otherStatus';
  return { record, changeable: { allowed: false, reason } };
}
