import type { z } from 'zod';
import { InvoiceType, TransactionsQuery, type Invoice, type Transaction } from '../../shared/schemas/billing.js';
import type { EmulatorContext } from '../context.js';
import { cursorLinks } from '../http/cursor.js';
import { parseBodyProblem, problem } from '../http/errors.js';
import { intParam, QueryReader } from '../http/query.js';
import type { ApiRequest, RouteDef } from '../http/router.js';
import { V } from './versions.js';

const MONTH = 30 * 86_400_000;
type InvoiceRow = z.infer<typeof Invoice>;
type TransactionRow = z.infer<typeof Transaction>;

/** Spec 2.10 keeps Experimental camelCase; from 2025-07 the published documents give snake_case. */
const invoiceV3 = (i: InvoiceRow) => ({
  invoice_id: i.invoiceId,
  invoice_type: i.invoiceType,
  invoice_date: i.invoiceDate,
  amount: i.amount,
  currency_code: i.currencyCode,
  running_balance: i.runningBalance,
});
const transactionV3 = (t: TransactionRow) => ({
  transaction_id: t.transactionId,
  transaction_type: t.transactionType,
  transaction_fee: t.transactionFee,
  amount: t.amount,
  currency_code: t.currencyCode,
  charge_date: t.chargeDate,
  invoice_date: t.invoiceDate,
  invoice_id: t.invoiceId,
  invoice_type: t.invoiceType,
  invoiced_status: t.invoicedStatus,
  reference_id: t.referenceId,
  reference_type: t.referenceType,
  fulfillment_center: t.fulfillmentCenter,
  additional_details: t.additionalDetails,
  taxes: t.taxes.map((x) => ({ tax_amount: x.taxAmount, tax_rate: x.taxRate, tax_type: x.taxType })),
});

/** Query parameter names: Experimental (spec 4.7) is camelCase, the date versions PascalCase as published. */
function names(req: ApiRequest) {
  const dated = req.version !== 'Experimental';
  return dated
    ? { cursor: 'Cursor', from: 'FromDate', to: 'ToDate', types: 'InvoiceTypes', size: 'PageSize', sort: 'SortOrder' }
    : { cursor: 'cursor', from: 'fromDate', to: 'toDate', types: 'invoiceTypes', size: 'pageSize', sort: 'sortOrder' };
}

/** The link of another page: the same operation's path with the cursor (API notes, Superseded). */
const linkTo = (req: ApiRequest, param: string) => (token: string) => `${req.request.url.split('?')[0]}?${param}=${encodeURIComponent(token)}`;

/** Problems of the query answer RFC 7807 from 2025-07 (published ProblemDetails); Experimental keeps its dictionary. */
function finish(q: QueryReader, req: ApiRequest): void {
  if (req.version !== 'Experimental' && Object.keys(q.errors).length > 0)
    throw problem(
      400,
      Object.entries(q.errors)
        .map(([k, v]) => `${k}: ${v.join(' ')}`)
        .join('; '),
    );
  q.done();
}

function listInvoices(req: ApiRequest, ctx: EmulatorContext) {
  const n = names(req);
  const q = new QueryReader(req.query);
  const cursor = q.text(n.cursor);
  type State = { from: number; to: number; types?: string[]; sort: string; offset: number; size: number };
  let s: State;
  if (cursor) s = ctx.cursors.decode<State & Record<string, unknown>>(cursor);
  else {
    const now = ctx.clock.nowMs();
    const types = q.list(n.types);
    const bad = types?.filter((t) => !InvoiceType.options.includes(t as (typeof InvoiceType.options)[number]));
    if (bad?.length) q.fail(n.types, `Unknown invoice type: ${bad.join(', ')}. Allowed: ${InvoiceType.options.join(', ')}.`);
    s = {
      from: q.date(n.from) ?? now - MONTH,
      to: q.date(n.to) ?? now,
      types,
      sort: q.oneOf(n.sort, ['Ascending', 'Descending'] as const) ?? 'Descending',
      offset: 0,
      size: q.int(n.size, 1, 1000, 100),
    };
    finish(q, req);
  }
  const dir = s.sort === 'Ascending' ? 1 : -1;
  const all = ctx.store.data.invoices
    .filter((i) => {
      const t = Date.parse(i.invoiceDate);
      return t >= s.from - 86_400_000 && t <= s.to && (!s.types || s.types.includes(i.invoiceType));
    })
    .sort((a, b) => dir * (a.invoiceDate.localeCompare(b.invoiceDate) || a.invoiceId - b.invoiceId));
  const { offset, size, ...query } = s;
  const page = all.slice(offset, offset + size);
  return {
    body: {
      items: req.version === 'Experimental' ? page : page.map(invoiceV3),
      ...cursorLinks(ctx.cursors, query, offset, size, all.length, linkTo(req, n.cursor)),
    },
  };
}

function listTransactions(req: ApiRequest, ctx: EmulatorContext) {
  const n = names(req);
  const invoiceId = intParam(req.params.invoiceId, 'invoiceId');
  if (!ctx.store.data.invoices.some((i) => i.invoiceId === invoiceId)) throw problem(404, `Invoice ${invoiceId} does not exist.`);
  const q = new QueryReader(req.query);
  const cursor = q.text(n.cursor);
  type State = { invoiceId: number; sort: string; offset: number; size: number };
  let s: State;
  if (cursor) s = ctx.cursors.decode<State & Record<string, unknown>>(cursor);
  else {
    s = { invoiceId, sort: q.oneOf(n.sort, ['Ascending', 'Descending'] as const) ?? 'Descending', offset: 0, size: q.int(n.size, 1, 1000, 100) };
    finish(q, req);
  }
  const dir = s.sort === 'Ascending' ? 1 : -1;
  const all = ctx.store.data.transactions
    .filter((t) => t.invoiceId === s.invoiceId)
    .sort((a, b) => dir * (a.chargeDate.localeCompare(b.chargeDate) || a.transactionId.localeCompare(b.transactionId)));
  const { offset, size, ...query } = s;
  const page = all.slice(offset, offset + size);
  return {
    body: {
      items: req.version === 'Experimental' ? page : page.map(transactionV3),
      ...cursorLinks(ctx.cursors, query, offset, size, all.length, linkTo(req, n.cursor)),
    },
  };
}

/** Spec 4.7 (Experimental billing), and from 2025-07 the published billing operations, snake_case. */
export const billingRoutes: RouteDef[] = [
  { method: 'GET', path: '/invoices', versions: [...V.experimental, ...V.v2025on], scope: 'billing_read', handle: listInvoices },
  { method: 'GET', path: '/invoices/{invoiceId}/transactions', versions: [...V.experimental, ...V.v2025on], scope: 'billing_read', handle: listTransactions },
  {
    method: 'GET',
    path: '/transaction-fees',
    versions: V.v2025on,
    scope: 'billing_read',
    // The fee names that transactions carry, as the published `{fee_list}`.
    handle: (_req, ctx) => ({ body: { fee_list: [...new Set(ctx.store.data.transactions.map((t) => t.transactionFee))].sort() } }),
  },
  {
    method: 'POST',
    path: '/transactions:query',
    versions: V.v2025on,
    scope: 'billing_read',
    handle: (req, ctx) => {
      const cursor = new QueryReader(req.query).text('Cursor');
      type State = z.infer<typeof TransactionsQuery> & { offset: number };
      const s: State = cursor
        ? ctx.cursors.decode<State & Record<string, unknown>>(cursor)
        : { ...parseBodyProblem(TransactionsQuery, req.body ?? {}), offset: 0 };
      const size = s.page_size ?? 100;
      const from = s.from_date ? Date.parse(s.from_date) : -Infinity;
      const to = s.to_date ? Date.parse(s.to_date) : Infinity;
      const dir = s.sort_order === 'Ascending' ? 1 : -1;
      const all = ctx.store.data.transactions
        .filter((t) => {
          const at = Date.parse(t.chargeDate);
          return (
            (!s.invoice_ids || s.invoice_ids.includes(String(t.invoiceId))) &&
            (!s.transaction_types || s.transaction_types.includes(t.transactionType as never)) &&
            (!s.transaction_fees || s.transaction_fees.includes(t.transactionFee)) &&
            (!s.reference_ids || s.reference_ids.includes(t.referenceId)) &&
            (!s.reference_types || s.reference_types.includes(t.referenceType as never)) &&
            (s.invoiced_status == null || t.invoicedStatus === s.invoiced_status) &&
            at >= from &&
            at <= to
          );
        })
        .sort((a, b) => dir * (a.chargeDate.localeCompare(b.chargeDate) || a.transactionId.localeCompare(b.transactionId)));
      const { offset, ...query } = s;
      return {
        body: {
          items: all.slice(offset, offset + size).map(transactionV3),
          ...cursorLinks(ctx.cursors, { ...query, page_size: size }, offset, size, all.length, linkTo(req, 'Cursor')),
        },
      };
    },
  },
];
