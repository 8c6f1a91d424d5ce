import type { FastifyInstance, FastifyReply } from 'fastify';
import { PagingHeaders } from '../../shared/schemas/common.js';
import { ReceivingStatus, type ReceivingOrder } from '../../shared/schemas/receiving.js';
import type { EmulatorContext } from '../context.js';
import type { StoredReceivingOrder } from '../data/seed.js';
import { authorize } from '../http/guard.js';
import { sendProblem, sendValidation } from '../http/problem.js';
import { atLeast, markDeprecation, type ApiVersion } from '../http/versions.js';

/** Versions that carry the 2.0 receiving model and its successors (spec 4.5, API notes). */
const RECEIVING_VERSIONS = ['2.0', '2025-07', '2026-01', '2026-07'] as const satisfies readonly ApiVersion[];

/** Trims the stored record to what a version declares: status_history from 2025-07, freight from 2026-07. */
export function shapeReceivingOrder(order: StoredReceivingOrder, version: ApiVersion): ReceivingOrder {
  const { status_history, freight, final_destination_fulfillment_center_id, ...base } = order;
  const shaped: ReceivingOrder = { ...base, box_labels_uri: `/${version}/receiving/${order.id}/labels` };
  if (atLeast(version, '2025-07')) shaped.status_history = status_history;
  if (atLeast(version, '2026-07')) {
    shaped.freight = freight;
    shaped.final_destination_fulfillment_center_id = final_destination_fulfillment_center_id;
  }
  return shaped;
}

type Query = Record<string, string | string[] | undefined>;

interface ListFilter {
  page: number;
  limit: number;
  ids?: Set<number>;
  statuses?: Set<string>;
  fulfillmentCenterIds?: Set<number>;
  purchaseOrderNumbers?: Set<string>;
  insertStart?: number;
  insertEnd?: number;
  externalSync?: boolean;
}

/** Parses the list query of the API notes; returns field errors in the validation-dictionary shape. */
function parseListQuery(query: Query): { filter: ListFilter } | { errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const text = (key: string): string | undefined => {
    const v = query[key];
    return Array.isArray(v) ? v.join(',') : v;
  };
  const list = (key: string) => text(key)?.split(',').map((s) => s.trim()).filter(Boolean);
  const intIn = (key: string, min: number, max: number, fallback: number): number => {
    const raw = text(key);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) errors[key] = [`${key} must be a whole number from ${min} to ${max}.`];
    return n;
  };
  const intList = (key: string): Set<number> | undefined => {
    const values = list(key);
    if (!values) return undefined;
    if (values.some((v) => !/^\d+$/.test(v))) errors[key] = [`${key} must be a comma-separated list of whole numbers.`];
    return new Set(values.map(Number));
  };
  const date = (key: string): number | undefined => {
    const raw = text(key);
    if (raw === undefined) return undefined;
    const t = Date.parse(raw);
    if (Number.isNaN(t)) errors[key] = [`${key} must be an ISO 8601 date-time.`];
    return t;
  };
  const filter: ListFilter = { page: intIn('Page', 1, 2147483647, 1), limit: intIn('Limit', 1, 250, 50) };
  const ids = intList('IDs');
  if (ids) filter.ids = ids;
  const statuses = list('Statuses');
  if (statuses) {
    const bad = statuses.filter((s) => !ReceivingStatus.options.includes(s as ReceivingStatus));
    if (bad.length) errors.Statuses = [`Unknown status: ${bad.join(', ')}. Allowed: ${ReceivingStatus.options.join(', ')}.`];
    filter.statuses = new Set(statuses);
  }
  const fcs = intList('FulfillmentCenterIds');
  if (fcs) filter.fulfillmentCenterIds = fcs;
  const pos = list('PurchaseOrderNumbers');
  if (pos) filter.purchaseOrderNumbers = new Set(pos);
  const start = date('InsertStartDate');
  if (start !== undefined) filter.insertStart = start;
  const end = date('InsertEndDate');
  if (end !== undefined) filter.insertEnd = end;
  const sync = text('ExternalSync');
  if (sync !== undefined) {
    if (sync !== 'true' && sync !== 'false') errors.ExternalSync = ['ExternalSync must be true or false.'];
    filter.externalSync = sync === 'true';
  }
  return Object.keys(errors).length ? { errors } : { filter };
}

function matches(order: StoredReceivingOrder, f: ListFilter): boolean {
  const inserted = Date.parse(order.insert_date);
  return (
    (!f.ids || f.ids.has(order.id)) &&
    (!f.statuses || f.statuses.has(order.status)) &&
    (!f.fulfillmentCenterIds || f.fulfillmentCenterIds.has(order.fulfillment_center.id)) &&
    (!f.purchaseOrderNumbers || (order.purchase_order_number !== null && f.purchaseOrderNumbers.has(order.purchase_order_number))) &&
    (f.insertStart === undefined || inserted > f.insertStart) &&
    (f.insertEnd === undefined || inserted < f.insertEnd) &&
    (f.externalSync === undefined || (order.external_sync_timestamp !== null) === f.externalSync)
  );
}

/** Header paging (API notes): Page-Number, Page-Size, Total-Pages, Total-Count, and Next-Page when there is one. */
function setPagingHeaders(reply: FastifyReply, page: number, limit: number, total: number): void {
  const totalPages = Math.ceil(total / limit);
  reply.headers({
    [PagingHeaders.pageNumber]: String(page),
    [PagingHeaders.pageSize]: String(limit),
    [PagingHeaders.totalPages]: String(totalPages),
    [PagingHeaders.totalCount]: String(total),
  });
  if (page < totalPages) reply.header(PagingHeaders.nextPage, String(page + 1));
}

export function registerReceivingRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  for (const version of RECEIVING_VERSIONS) {
    app.get(`/${version}/receiving`, async (request, reply) => {
      if (!authorize(ctx, request, reply, 'receiving_read')) return reply;
      markDeprecation(reply, version);
      const parsed = parseListQuery(request.query as Query);
      if ('errors' in parsed) return sendValidation(reply, 400, parsed.errors);
      const { filter } = parsed;
      // Newest first: the desk cares about what was created lately. Ties break on id for a stable order.
      const all = ctx.data.receivingOrders
        .filter((o) => matches(o, filter))
        .sort((a, b) => b.insert_date.localeCompare(a.insert_date) || b.id - a.id);
      setPagingHeaders(reply, filter.page, filter.limit, all.length);
      const start = (filter.page - 1) * filter.limit;
      return all.slice(start, start + filter.limit).map((o) => shapeReceivingOrder(o, version));
    });

    app.get(`/${version}/receiving/:id`, async (request, reply) => {
      if (!authorize(ctx, request, reply, 'receiving_read')) return reply;
      markDeprecation(reply, version);
      const raw = (request.params as { id: string }).id;
      const id = Number(raw);
      if (!/^\d+$/.test(raw) || id > 2147483647) return sendValidation(reply, 400, { id: ['id must be a whole number (int32).'] });
      const order = ctx.data.receivingOrders.find((o) => o.id === id);
      if (!order) return sendProblem(reply, 404, `Receiving order ${id} does not exist.`);
      return shapeReceivingOrder(order, version);
    });
  }
}
