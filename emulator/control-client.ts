import type { DataCollection } from './control-types.js';
import type { EmulatorData } from './data/model.js';
import type { Receipt } from './engine/receipts.js';
import type { Delivery } from './engine/webhooks.js';
import type { FaultConfig, RateLimitSettings } from './http/faults.js';
import type { RequestLogEntry } from './request-log.js';

/** One answer of the control API that is not 2xx. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`emulator control ${what} answered ${status}: ${body.slice(0, 300)}`);
  }
}

/** A receipt as sent (defaults left out). */
export type ReceiptInput = {
  boxes: { boxId: number; received?: boolean; lines?: Receipt['boxes'][number]['lines'] }[];
  close?: boolean;
};

export interface PatListing {
  id: string;
  name: string;
  created_at: string;
  revoked_at: string | null;
}

/**
 * The one typed way in for tests, the bench and the app's own handle on the built-in emulator: the
 * control API (/__emulator/...) over HTTP, never the emulator's objects, so the emulator may run in
 * this thread, a worker or another process alike. Every call is a loopback request; none counts
 * against the rate limit (control paths are not API paths).
 */
export class EmulatorControl {
  /** The virtual clock's lead over this process's clock, known after the first clock call. */
  private clockOffsetMs: number | null = null;

  constructor(readonly url: string) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.url}/__emulator${path}`, {
      method,
      ...(body !== undefined ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (!res.ok) throw new ControlError(res.status, text, `${method} ${path}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  reset(options: { seed?: number; inventoryItems?: number; receivingOrders?: number; auth?: boolean } = {}) {
    return this.call<{ seed: number; inventoryItems: number; receivingOrders: number }>('POST', '/reset', options);
  }

  /** Writes the emulator's state to its data folder now (it is otherwise saved a moment after each change). */
  async flush(): Promise<void> {
    await this.call('POST', '/flush', {});
  }

  /** The virtual time, in epoch milliseconds. */
  async now(): Promise<number> {
    return this.learnClock((await this.call<{ now: string }>('GET', '/clock')).now);
  }

  /**
   * The virtual time without a request, for code that needs it synchronously: the clock runs with real
   * time, so the lead read by the last `now()` or `advance()` through this client still holds.
   */
  nowMs(): number {
    if (this.clockOffsetMs === null) throw new Error('read the emulator clock once (await control.now()) before nowMs()');
    return Date.now() + this.clockOffsetMs;
  }

  /** Moves the virtual clock forward; due states move at once. Returns the new time. */
  async advance(seconds: number): Promise<number> {
    return this.learnClock((await this.call<{ now: string }>('POST', '/clock/advance', { seconds })).now);
  }

  faults(): Promise<FaultConfig> {
    return this.call('GET', '/faults');
  }

  setFaults(config: Partial<FaultConfig>): Promise<FaultConfig> {
    return this.call('PUT', '/faults', config);
  }

  async clearFaults(): Promise<void> {
    await this.call('DELETE', '/faults');
  }

  /** The limit's settings, and how many windows it keeps now (one per user and application, or address, that called in the last minute). */
  rateLimit(): Promise<RateLimitSettings & { windowsKept: number }> {
    return this.call('GET', '/rate-limit');
  }

  setRateLimit(settings: { enabled: boolean; perMinute?: number }): Promise<RateLimitSettings> {
    return this.call('PUT', '/rate-limit', settings);
  }

  async requests(since = 0): Promise<RequestLogEntry[]> {
    return (await this.call<{ items: RequestLogEntry[] }>('GET', `/requests?since=${since}`)).items;
  }

  async clearRequests(): Promise<void> {
    await this.call('DELETE', '/requests');
  }

  async webhookDeliveries(): Promise<Delivery[]> {
    return (await this.call<{ items: Delivery[] }>('GET', '/webhook-deliveries')).items;
  }

  async pats(): Promise<PatListing[]> {
    return (await this.call<{ items: PatListing[] }>('GET', '/pats')).items;
  }

  createPat(name: string): Promise<{ id: string; name: string; token: string }> {
    return this.call('POST', '/pats', { name });
  }

  async revokePat(id: string): Promise<void> {
    await this.call('DELETE', `/pats/${encodeURIComponent(id)}`);
  }

  /** The seed, the next id and how many times the data was seeded (a reset replaces it wholesale). */
  dataInfo(): Promise<{ seed: number; nextId: number; generation: number }> {
    return this.call('GET', '/data');
  }

  /** The records the emulator stores in one collection, as it stores them (a copy: changing it changes nothing). */
  async data<C extends DataCollection>(collection: C): Promise<EmulatorData[C]> {
    return (await this.call<{ items: EmulatorData[C] }>('GET', `/data/${collection}`)).items;
  }

  /** Adds records to a stored collection, as the service's other clients or staff would have made them. */
  async add<C extends 'channels' | 'receivingOrders' | 'orders' | 'returns'>(collection: C, items: EmulatorData[C]): Promise<void> {
    await this.call('POST', `/data/${collection}`, { items });
  }

  /** Puts a changed copy of a stored record (read with `data`) in place of the one with its id. */
  async replace<C extends 'channels' | 'receivingOrders' | 'orders' | 'returns' | 'inventory'>(collection: C, record: EmulatorData[C][number]): Promise<void> {
    const id = collection === 'inventory' ? (record as { inventory_id: number }).inventory_id : (record as { id: number }).id;
    await this.call('PUT', `/data/${collection}/${id}`, record);
  }

  /** The warehouse counts an order's boxes (receipts.ts says how): short, over, another lot or expiry, a box that never came. */
  receive(orderId: number, receipt: ReceiptInput): Promise<EmulatorData['receivingOrders'][number]> {
    return this.call('POST', `/receiving/${orderId}/receive`, receipt);
  }

  private learnClock(iso: string): number {
    const ms = Date.parse(iso);
    this.clockOffsetMs = ms - Date.now();
    return ms;
  }
}
