import type { CaseContext, ConformanceCase } from '../harness.js';

/** Invoices, their transactions, fees and the transaction query (snake_case as published), 2025-07 and 2026-01. */
const VERSIONS = ['2025-07', '2026-01'] as const;

const invoiceId = (ctx: CaseContext) =>
  ctx.once(
    'invoice',
    async () => (await ctx.ok<{ items: { invoice_id: number }[] }>('GET', '/2026-01/invoices', { query: { PageSize: 1 } })).items[0]!.invoice_id,
  );

export const cases: ConformanceCase[] = VERSIONS.flatMap((v): ConformanceCase[] => [
  {
    version: v,
    method: 'GET',
    template: `/${v}/invoices`,
    expectStatus: 200,
    name: 'half a year, small pages',
    request: (ctx) => ({
      path: `/${v}/invoices`,
      query: { FromDate: new Date(ctx.emu.control.nowMs() - 180 * 86_400_000).toISOString(), PageSize: 10, SortOrder: 'Ascending' },
    }),
  },
  {
    version: v,
    method: 'GET',
    template: `/${v}/invoices`,
    expectStatus: 200,
    name: 'one invoice type',
    request: () => ({ path: `/${v}/invoices`, query: { InvoiceTypes: 'Shipping' } }),
  },
  {
    version: v,
    method: 'GET',
    template: `/${v}/invoices`,
    expectStatus: 400,
    name: 'unknown invoice type',
    request: () => ({ path: `/${v}/invoices`, query: { InvoiceTypes: 'Snacks' } }),
  },
  {
    version: v,
    method: 'GET',
    template: `/${v}/invoices`,
    expectStatus: 401,
    name: 'no token',
    withoutToken: true,
    request: () => ({ path: `/${v}/invoices` }),
  },
  {
    version: v,
    method: 'GET',
    template: `/${v}/invoices/{invoiceId}/transactions`,
    expectStatus: 200,
    request: async (ctx) => ({ path: `/${v}/invoices/${await invoiceId(ctx)}/transactions`, query: { PageSize: 2 } }),
  },
  {
    version: v,
    method: 'GET',
    template: `/${v}/invoices/{invoiceId}/transactions`,
    expectStatus: 404,
    name: 'unknown invoice',
    request: () => ({ path: `/${v}/invoices/999999999/transactions` }),
  },
  { version: v, method: 'GET', template: `/${v}/transaction-fees`, expectStatus: 200, request: () => ({ path: `/${v}/transaction-fees` }) },
  {
    version: v,
    method: 'POST',
    template: `/${v}/transactions:query`,
    expectStatus: 200,
    request: (ctx) => ({
      path: `/${v}/transactions:query`,
      body: {
        from_date: new Date(ctx.emu.control.nowMs() - 90 * 86_400_000).toISOString(),
        to_date: null,
        transaction_types: ['Charge'],
        reference_types: ['Shipment'],
        sort_order: 'Descending',
        page_size: 25,
      },
    }),
  },
  {
    version: v,
    method: 'POST',
    template: `/${v}/transactions:query`,
    expectStatus: 400,
    name: 'page size out of range',
    request: () => ({ path: `/${v}/transactions:query`, body: { page_size: 5000 } }),
  },
]);
