import type { Location } from '../../shared/schemas/locations.js';
import type { EmulatorContext } from '../context.js';
import { PACKAGING_REQUIREMENTS, TAXONOMY, taxonomyPath, type TaxonomyEntry } from '../data/catalog.js';
import { problem } from '../http/errors.js';
import { intParam, QueryReader } from '../http/query.js';
import type { RouteDef } from '../http/router.js';
import { V } from './versions.js';

/**
 * Reference data of the published 2025-07 and 2026-01 documents that the spec does not list (API
 * notes, Superseded): locations, the product taxonomy and packaging requirements.
 */

const REGIONS: Record<string, { id: number; name: string }> = {
  PA: { id: 1, name: 'East' },
  CA: { id: 2, name: 'West' },
  WI: { id: 3, name: 'Central' },
  TX: { id: 3, name: 'Central' },
};

function locations(ctx: EmulatorContext): Location[] {
  return ctx.store.data.fulfillmentCenters.map((fc) => {
    const sandboxOnly = fc.id === 33;
    const address = {
      name: fc.name,
      address1: fc.address1,
      address2: fc.address2,
      city: fc.city,
      state: fc.state,
      zip_code: fc.zip_code,
      country: fc.country,
      email: fc.email,
      phone_number: fc.phone_number,
    };
    return {
      id: fc.id,
      name: fc.name,
      abbreviation: fc.name.replace(/[^A-Z]/g, '').slice(0, 3) || String(fc.id),
      timezone: fc.timezone,
      // The label-test center ships (spec 6.4) but takes no inbound freight.
      is_active: true,
      is_receiving_enabled: !sandboxOnly,
      is_shipping_enabled: true,
      access_granted: true,
      attributes: sandboxOnly ? ['SandboxLabels'] : ['Ambient', 'Hazmat'],
      region: REGIONS[fc.state] ?? { id: 0, name: 'Other' },
      services: [
        { service_type: 'Receiving' as const, enabled: !sandboxOnly, address },
        { service_type: 'Returns' as const, enabled: true, address },
      ],
    };
  });
}

function node(t: TaxonomyEntry) {
  return {
    id: t.id,
    name: t.name,
    path: taxonomyPath(t.id)
      .map((x) => x.name)
      .join('/'),
  };
}

/** A taxonomy node with its children (each saying whether it has its own) and its parent. */
function taxonomyView(t: TaxonomyEntry) {
  const parent = TAXONOMY.find((p) => p.id === t.parent_id);
  return {
    ...node(t),
    children: TAXONOMY.filter((c) => c.parent_id === t.id).map((c) => ({ ...node(c), has_children: TAXONOMY.some((g) => g.parent_id === c.id) })),
    // A top node has no parent: the field is left out (objects are absent rather than null, API notes).
    ...(parent && { parent: node(parent) }),
  };
}

function taxonomyOr404(raw: string | undefined): TaxonomyEntry {
  const id = intParam(raw, 'id');
  const t = TAXONOMY.find((x) => x.id === id);
  if (!t) throw problem(404, `No taxonomy ${id}.`);
  return t;
}

export const referenceRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/location',
    versions: V.v2025on,
    scope: 'locations_read',
    handle: (req, ctx) => {
      const q = new QueryReader(req.query);
      const includeInactive = q.bool('IncludeInactive') ?? false;
      const receiving = q.bool('ReceivingEnabled');
      const granted = q.bool('AccessGranted');
      q.done();
      const body = locations(ctx).filter(
        (l) =>
          (includeInactive || l.is_active) &&
          (receiving === undefined || l.is_receiving_enabled === receiving) &&
          (granted === undefined || l.access_granted === granted),
      );
      return { body };
    },
  },
  {
    method: 'GET',
    path: '/taxonomy',
    versions: V.v2025on,
    scope: 'products_read',
    handle: (req) => {
      const search = new QueryReader(req.query).text('search')?.trim().toLowerCase();
      // Without a search: the top of the tree; with one: every node whose name contains it.
      const hits = search ? TAXONOMY.filter((t) => t.name.toLowerCase().includes(search)) : TAXONOMY.filter((t) => t.parent_id === null);
      return { body: hits.map(taxonomyView) };
    },
  },
  {
    method: 'GET',
    path: '/taxonomy/{id}',
    versions: V.v2025on,
    scope: 'products_read',
    handle: (req) => ({ body: taxonomyView(taxonomyOr404(req.params.id)) }),
  },
  {
    method: 'GET',
    path: '/taxonomy/{id}/parent',
    versions: V.v2025on,
    scope: 'products_read',
    handle: (req) => {
      const t = taxonomyOr404(req.params.id);
      const parent = TAXONOMY.find((p) => p.id === t.parent_id);
      if (!parent) throw problem(404, `Taxonomy ${t.id} (${t.name}) is at the top of the tree and has no parent.`);
      return { body: taxonomyView(parent) };
    },
  },
  { method: 'GET', path: '/packaging-requirement', versions: V.v2025on, scope: 'products_read', handle: () => ({ body: PACKAGING_REQUIREMENTS }) },
];
