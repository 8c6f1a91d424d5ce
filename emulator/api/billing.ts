import { InvoiceType, TransactionsQuery } from '../../shared/schemas/billing.js';
import { cursorLinks } from '../http/cursor.js';
import { parseBody, problem } from '../http/errors.js';
import { intParam, QueryReader } from '../http/query.js';
import type { RouteDef } from '../http/router.js';
import { V } from './versions.js';

const MONTH = 30 * 86_400_000;

/** Spec 4.7 (Experimental billing) plus the 2025-07 fee and transaction operations (shapes ours). */
export const billingRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/invoices',
    versions: V.experimental,
    scope: 'billing_read',
    handle: (req, ctx) => {
      const q = new QueryReader(req.query);
      const cursor = q.text('cursor');
      type State = { from: number; to: number; types?: string[]; sort: string; offset: number; size: number };
      let s: State;
      if (cursor) s = ctx.cursors.decode<State & Record<string, unknown>>(cursor);
      else {
        const now = ctx.clock.nowMs();
        const types = q.list('invoiceTypes');
        const bad = types?.filter((t) => !InvoiceType.options.includes(t as (typeof InvoiceType.options)[number]));
        if (bad?.length) q.fail('invoiceTypes', `Unknown invoice type: ${bad.join(', ')}. Allowed: ${InvoiceType.options.join(', ')}.`);
        s = { from: q.date('fromDate') ?? now - MONTH, to: q.date('toDate') ?? now, types, sort: q.oneOf('sortOrder', ['Ascending', 'Descending'] as const) ?? 'Descending', offset: 0, size: q.int('pageSize', 1, 1000, 100) };
        q.done();
      }
      const dir = s.sort === 'Ascending' ? 1 : -1;
      const all = ctx.store.data.invoices
        .filter((i) => {
          const t = Date.parse(i.invoiceDate);
          return t >= s.from - 86_400_000 && t <= s.to && (!s.types || s.types.includes(i.invoiceType));
        })
        .sort((a, b) => dir * (a.invoiceDate.localeCompare(b.invoiceDate) || a.invoiceId - b.invoiceId));
      const { offset, size, ...query } = s;
      return { body: { items: all.slice(offset, offset + size), ...cursorLinks(ctx.cursors, query, offset, size, all.length) } };
    },
  },
  {
    method: 'GET',
    path: '/invoices/{invoiceId}/transactions',
    versions: V.experimental,
    scope: 'billing_read',
    handle: (req, ctx) => {
      const invoiceId = intParam(req.params.invoiceId, 'invoiceId');
      if (!ctx.store.data.invoices.some((i) => i.invoiceId === invoiceId)) throw problem(404, `Invoice ${invoiceId} does not exist.`);
      const q = new QueryReader(req.query);
      const cursor = q.text('cursor');
      type State = { invoiceId: number; sort: string; offset: number; size: number };
      let s: State;
      if (cursor) s = ctx.cursors.decode<State & Record<string, unknown>>(cursor);
      else {
        s = { invoiceId, sort: q.oneOf('sortOrder', ['Ascending', 'Descending'] as const) ?? 'Descending', offset: 0, size: q.int('pageSize', 1, 1000, 100) };
        q.done();
      }
      const dir = s.sort === 'Ascending' ? 1 : -1;
      const all = ctx.store.data.transactions.filter((t) => t.invoiceId === s.invoiceId).sort((a, b) => dir * (a.chargeDate.localeCompare(b.chargeDate) || a.transactionId.localeCompare(b.transactionId)));
      const { offset, size, ...query } = s;
      return { body: { items: all.slice(offset, offset + size), ...cursorLinks(ctx.cursors, query, offset, size, all.length) } };
    },
  },
  {
    method: 'GET',
    path: '/transaction-fees',
    versions: V.v2025on,
    scope: 'billing_read',
    handle: () => ({
      body: [
        { fee_type: 'Pick', description: 'Per item picked', amount: 0.35, currency_code: 'USD' },
        { fee_type: 'Storage', description: 'Per cubic foot per month', amount: 0.45, currency_code: 'USD' },
        { fee_type: 'Receiving', description: 'Per unit received', amount: 0.15, currency_code: 'USD' },
        { fee_type: 'Return', description: 'Per return processed', amount: 3.0, currency_code: 'USD' },
      ],
    }),
  },
  {
    method: 'POST',
    path: '/transactions:query',
    versions: V.v2025on,
    scope: 'billing_read',
    handle: (req, ctx) => {
      let body = parseBody(TransactionsQuery, req.body ?? {});
      const offset = body.cursor ? ctx.cursors.decode<{ offset: number }>(body.cursor).offset : 0;
      if (body.cursor) body = { ...ctx.cursors.decode<typeof body>(body.cursor), cursor: body.cursor };
      const size = body.page_size ?? 100;
      const from = body.from_date ? Date.parse(body.from_date) : -Infinity;
      const to = body.to_date ? Date.parse(body.to_date) : Infinity;
      const all = ctx.store.data.transactions.filter((t) => {
        const at = Date.parse(t.chargeDate);
        return (!body.invoice_ids || body.invoice_ids.includes(t.invoiceId)) && (!body.transaction_types || body.transaction_types.includes(t.transactionType)) && at >= from && at <= to;
      });
      const { cursor: _c, ...query } = body;
      return { body: { items: all.slice(offset, offset + size), ...cursorLinks(ctx.cursors, { ...query, page_size: size }, offset, size, all.length) } };
    },
  },
];
