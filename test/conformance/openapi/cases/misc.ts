import type { ConformanceCase } from '../harness.js';

/** Locations, the product taxonomy and packaging requirements, 2025-07 and 2026-01. */
const VERSIONS = ['2025-07', '2026-01'] as const;

export const cases: ConformanceCase[] = VERSIONS.flatMap((v): ConformanceCase[] => [
  { version: v, method: 'GET', template: `/${v}/location`, expectStatus: 200, request: () => ({ path: `/${v}/location` }) },
  {
    version: v,
    method: 'GET',
    template: `/${v}/location`,
    expectStatus: 200,
    name: 'receiving-enabled only',
    request: () => ({ path: `/${v}/location`, query: { ReceivingEnabled: true, IncludeInactive: false } }),
  },
  {
    version: v,
    method: 'GET',
    template: `/${v}/location`,
    expectStatus: 401,
    name: 'no token',
    withoutToken: true,
    request: () => ({ path: `/${v}/location` }),
  },
  { version: v, method: 'GET', template: `/${v}/taxonomy`, expectStatus: 200, name: 'top of the tree', request: () => ({ path: `/${v}/taxonomy` }) },
  {
    version: v,
    method: 'GET',
    template: `/${v}/taxonomy`,
    expectStatus: 200,
    name: 'search',
    request: () => ({ path: `/${v}/taxonomy`, query: { search: 'coffee' } }),
  },
  { version: v, method: 'GET', template: `/${v}/taxonomy/{id}`, expectStatus: 200, request: () => ({ path: `/${v}/taxonomy/12` }) },
  { version: v, method: 'GET', template: `/${v}/taxonomy/{id}`, expectStatus: 404, name: 'unknown id', request: () => ({ path: `/${v}/taxonomy/99999` }) },
  { version: v, method: 'GET', template: `/${v}/taxonomy/{id}/parent`, expectStatus: 200, request: () => ({ path: `/${v}/taxonomy/121/parent` }) },
  {
    version: v,
    method: 'GET',
    template: `/${v}/taxonomy/{id}/parent`,
    expectStatus: 404,
    name: 'top of the tree',
    request: () => ({ path: `/${v}/taxonomy/1/parent` }),
  },
  { version: v, method: 'GET', template: `/${v}/packaging-requirement`, expectStatus: 200, request: () => ({ path: `/${v}/packaging-requirement` }) },
]);
