import type { ConformanceCase } from '../harness.js';

/** Channels and webhook subscriptions. */
const VERSIONS = ['2025-07', '2026-01'] as const;

export const cases: ConformanceCase[] = VERSIONS.flatMap((v): ConformanceCase[] => [
  { version: v, method: 'GET', template: `/${v}/channel`, expectStatus: 200, request: () => ({ path: `/${v}/channel` }) },
  { version: v, method: 'GET', template: `/${v}/channel`, expectStatus: 401, name: 'no token', withoutToken: true, request: () => ({ path: `/${v}/channel` }) },
  {
    version: v,
    method: 'POST',
    template: `/${v}/webhook`,
    expectStatus: 200,
    request: () => ({ path: `/${v}/webhook`, body: { topics: ['order.shipped'], url: 'https://hooks.example.com/dockdesk', description: 'Conformance' } }),
  },
  {
    version: v,
    method: 'POST',
    template: `/${v}/webhook`,
    expectStatus: 422,
    name: 'unknown topic',
    request: () => ({ path: `/${v}/webhook`, body: { topics: ['no.such.topic'], url: 'https://hooks.example.com/dockdesk' } }),
  },
  { version: v, method: 'GET', template: `/${v}/webhook`, expectStatus: 200, request: () => ({ path: `/${v}/webhook` }) },
  {
    version: v,
    method: 'DELETE',
    template: `/${v}/webhook/{id}`,
    expectStatus: 204,
    request: async (ctx) => {
      const created = await ctx.ok<{ id: string | number }>('POST', `/${v}/webhook`, {
        body: { topics: ['return.created'], url: 'https://hooks.example.com/gone' },
      });
      return { path: `/${v}/webhook/${created.id}` };
    },
  },
]);

cases.push(
  ...VERSIONS.flatMap((v): ConformanceCase[] => [
    {
      version: v,
      method: 'GET',
      template: `/${v}/webhook`,
      expectStatus: 401,
      name: 'no token',
      withoutToken: true,
      request: () => ({ path: `/${v}/webhook` }),
    },
    {
      version: v,
      method: 'POST',
      template: `/${v}/webhook`,
      expectStatus: 422,
      name: 'plain http to a public host',
      request: () => ({ path: `/${v}/webhook`, body: { topics: ['order.shipped'], url: 'http://hooks.example.com/dockdesk' } }),
    },
  ]),
);
