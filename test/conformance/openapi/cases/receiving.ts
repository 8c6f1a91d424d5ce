import type { CaseContext, ConformanceCase } from '../harness.js';

/** Receiving (WRO) and fulfillment centers, 2025-07 and 2026-01. */
const VERSIONS = ['2025-07', '2026-01'] as const;

const wroBody = (ctx: CaseContext) => ({
  fulfillment_center: { id: ctx.ids.fulfillmentCenterId },
  package_type: 'Package',
  box_packaging_type: 'OneSkuPerBox',
  boxes: [{ tracking_number: '1Z999AA10123456784', box_items: [{ inventory_id: ctx.ids.inventoryId, quantity: 5 }] }],
  expected_arrival_date: ctx.future(),
  purchase_order_number: 'PO-CONFORMANCE',
});

/** A WRO created for the case (Awaiting, so it can still be cancelled). */
const newWro = async (ctx: CaseContext): Promise<number> => (await ctx.ok<{ id: number }>('POST', '/2026-01/receiving', { body: wroBody(ctx) })).id;

export const cases: ConformanceCase[] = VERSIONS.flatMap((v): ConformanceCase[] => [
  { version: v, method: 'GET', template: `/${v}/fulfillment-center`, expectStatus: 200, request: () => ({ path: `/${v}/fulfillment-center` }) },
  {
    version: v,
    method: 'GET',
    template: `/${v}/receiving`,
    expectStatus: 200,
    name: 'first page, more pages follow',
    request: () => ({ path: `/${v}/receiving`, query: { Limit: 5 } }),
  },
  {
    version: v,
    method: 'GET',
    template: `/${v}/receiving`,
    expectStatus: 200,
    name: 'filtered by status and fulfillment center',
    request: (ctx) => ({ path: `/${v}/receiving`, query: { Statuses: 'Awaiting,Arrived', FulfillmentCenterIds: ctx.ids.fulfillmentCenterId, Limit: 50 } }),
  },
  { version: v, method: 'GET', template: `/${v}/receiving/{id}`, expectStatus: 200, request: (ctx) => ({ path: `/${v}/receiving/${ctx.ids.wroId}` }) },
  {
    version: v,
    method: 'GET',
    template: `/${v}/receiving/{id}`,
    expectStatus: 404,
    name: 'unknown id',
    request: () => ({ path: `/${v}/receiving/999999999` }),
  },
  {
    version: v,
    method: 'GET',
    template: `/${v}/receiving/{id}`,
    expectStatus: 401,
    name: 'no token',
    withoutToken: true,
    request: (ctx) => ({ path: `/${v}/receiving/${ctx.ids.wroId}` }),
  },
  { version: v, method: 'POST', template: `/${v}/receiving`, expectStatus: 201, request: (ctx) => ({ path: `/${v}/receiving`, body: wroBody(ctx) }) },
  {
    version: v,
    method: 'POST',
    template: `/${v}/receiving`,
    expectStatus: 400,
    name: 'arrival date in the past',
    request: (ctx) => ({ path: `/${v}/receiving`, body: { ...wroBody(ctx), expected_arrival_date: ctx.future(-3) } }),
  },
  {
    version: v,
    method: 'GET',
    template: `/${v}/receiving/{id}/boxes`,
    expectStatus: 200,
    request: (ctx) => ({ path: `/${v}/receiving/${ctx.ids.wroId}/boxes` }),
  },
  {
    version: v,
    method: 'GET',
    template: `/${v}/receiving/{id}/labels`,
    expectStatus: 200,
    request: (ctx) => ({ path: `/${v}/receiving/${ctx.ids.wroId}/labels` }),
  },
  {
    version: v,
    method: 'GET',
    template: `/${v}/receiving/{id}/distributions`,
    expectStatus: 200,
    request: (ctx) => ({ path: `/${v}/receiving/${ctx.ids.wroId}/distributions` }),
  },
  {
    version: v,
    method: 'GET',
    template: `/${v}/receiving/{id}/distributions`,
    expectStatus: 404,
    name: 'unknown id',
    request: () => ({ path: `/${v}/receiving/999999999/distributions` }),
  },
  {
    version: v,
    method: 'POST',
    template: `/${v}/receiving/{id}:cancel`,
    expectStatus: 200,
    request: async (ctx) => ({ path: `/${v}/receiving/${await newWro(ctx)}:cancel` }),
  },
  {
    version: v,
    method: 'POST',
    template: `/${v}/receiving/{id}:cancel`,
    expectStatus: 422,
    name: 'already cancelled',
    request: async (ctx) => {
      const id = await newWro(ctx);
      await ctx.ok('POST', `/${v}/receiving/${id}:cancel`);
      return { path: `/${v}/receiving/${id}:cancel` };
    },
  },
  {
    version: v,
    method: 'POST',
    template: `/${v}/receiving:setExternalSync`,
    expectStatus: 200,
    request: async (ctx) => ({ path: `/${v}/receiving:setExternalSync`, body: { ids: [await newWro(ctx), ctx.ids.wroId], is_external_sync: true } }),
  },
  {
    version: v,
    method: 'POST',
    template: `/${v}/receiving:setExternalSync`,
    expectStatus: 400,
    name: 'unknown id',
    request: (ctx) => ({ path: `/${v}/receiving:setExternalSync`, body: { ids: [ctx.ids.wroId, 999999999], is_external_sync: true } }),
  },
]);

cases.push(
  ...VERSIONS.flatMap((v): ConformanceCase[] => [
    {
      version: v,
      method: 'GET',
      template: `/${v}/receiving/{id}/boxes`,
      expectStatus: 404,
      name: 'unknown id',
      request: () => ({ path: `/${v}/receiving/999999999/boxes` }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/receiving/{id}/labels`,
      expectStatus: 404,
      name: 'unknown id',
      request: () => ({ path: `/${v}/receiving/999999999/labels` }),
    },
    {
      version: v,
      method: 'POST',
      template: `/${v}/receiving/{id}:cancel`,
      expectStatus: 404,
      name: 'unknown id',
      request: () => ({ path: `/${v}/receiving/999999999:cancel` }),
    },
    {
      version: v,
      method: 'GET',
      template: `/${v}/fulfillment-center`,
      expectStatus: 401,
      name: 'no token',
      withoutToken: true,
      request: () => ({ path: `/${v}/fulfillment-center` }),
    },
  ]),
);
