import { createGeneratorSync } from 'json-schema-faker';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { InvoicePageV3, TransactionFees, TransactionPageV3 } from '../../../shared/schemas/billing.js';
import { Location } from '../../../shared/schemas/locations.js';
import {
  BulkActionResult,
  CanceledOrderV,
  CanceledShipments,
  CarrierTracking,
  ErrorResponse,
  OrderEstimate,
  OrderV,
  ShipmentCarrierTracking,
  ShipmentLineItem,
  ShipmentLog,
  ShipmentResult,
  ShipmentV,
  ShippingMethod,
  TrackingUploadResult,
  UpdateLineItemsResult,
} from '../../../shared/schemas/orders.js';
import { MovedProduct, PackagingRequirement, ProductCodesPage, ProductPage, ProductV5, TaxonomyView, VariantV5 } from '../../../shared/schemas/products.js';
import { publishedDocument, type PublishedVersion } from './published.js';

/**
 * The shared zod schemas of the non-desk operations accept the published variety: for each response,
 * many bodies generated from the published schema (json-schema-faker, seeded) must parse. A schema
 * stricter than the service (a field required that may be absent, a non-null field that may be null)
 * fails here, naming the operation and the field.
 */
const BODIES = 200;

type Row = [operation: string, status: string, schema: z.ZodType];
const ROWS: Row[] = [
  ['GET /{v}/order', '200', OrderV.array()],
  ['GET /{v}/order/{orderId}', '200', OrderV],
  ['POST /{v}/order', '201', OrderV],
  ['GET /{v}/order/{orderId}/shipment', '200', ShipmentV.array()],
  ['GET /{v}/shipment/{shipmentId}', '200', ShipmentV],
  ['POST /{v}/order/{orderId}:cancel', '200', CanceledOrderV],
  ['GET /{v}/product', '200', ProductPage],
  // What the client reads the list with (the inventory sync: ids and codes only).
  ['GET /{v}/product', '200', ProductCodesPage],
  ['GET /{v}/product/{productId}', '200', ProductV5],
  ['POST /{v}/product', '201', ProductV5],
  ['GET /{v}/product/{productId}/variants', '200', VariantV5.array()],
  ['POST /{v}/product:moveVariants', '201', MovedProduct],
  ['GET /{v}/taxonomy', '200', TaxonomyView.array()],
  ['GET /{v}/packaging-requirement', '200', PackagingRequirement.array()],
  ['GET /{v}/location', '200', Location.array()],
  ['GET /{v}/invoices', '200', InvoicePageV3],
  ['GET /{v}/invoices/{invoiceId}/transactions', '200', TransactionPageV3],
  ['POST /{v}/transactions:query', '200', TransactionPageV3],
  ['GET /{v}/transaction-fees', '200', TransactionFees],
  ['GET /{v}/shipment/{shipmentId}/logs', '200', ShipmentLog.array()],
  ['GET /{v}/shipping-method', '200', ShippingMethod.array()],
  ['POST /{v}/order:estimate', '200', OrderEstimate],
  ['POST /{v}/shipment:batchCancel', '200', CanceledShipments],
  ['POST /{v}/shipment:batchUpdateTrackingUpload', '200', TrackingUploadResult],
];
const ROWS_2026_01: Row[] = [
  ['GET /{v}/tracking', '200', CarrierTracking.array()],
  ['GET /{v}/shipments-tracking', '200', ShipmentCarrierTracking.array()],
  ['GET /{v}/shipment/{shipmentId}:getLineItems', '200', ShipmentLineItem.array()],
  ['GET /{v}/shipment/{shipmentId}:getLineItems', '404', ErrorResponse],
  ['POST /{v}/shipment/{shipmentId}:updateLineItems', '200', UpdateLineItemsResult],
  ['PUT /{v}/shipment/{shipmentId}:updateAddress', '200', ShipmentResult],
  ['PUT /{v}/shipment:bulkUpdateShippingService', '200', BulkActionResult],
];

/** A converted response schema made self-contained: component refs point into local `$defs`. */
function standalone(version: PublishedVersion, operation: string, status: string): Record<string, unknown> {
  const doc = publishedDocument(version);
  const [method, template] = operation.replace('{v}', version).split(' ') as [string, string];
  const op = doc.find(method, template);
  if (!op) throw new Error(`${operation} is not published in ${version}`);
  const local = (value: unknown): unknown => bounded(JSON.parse(JSON.stringify(value).replaceAll(`urn:published:${version}#/components/schemas/`, '#/$defs/')));
  return { ...(local(doc.bodySchema(op, status)) as object), $defs: local(doc.allComponents()) };
}

/** The OpenAPI integer formats as ranges, which the faker honours (JSON numbers beyond them are not ids). */
function bounded(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(bounded);
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, bounded(v)]));
  // The converter states each format's full range (int64 to 2^63, double to 1.8e308); JSON parsers
  // (and the desk) read numbers as IEEE doubles, so ids stay within the safe integers and amounts finite.
  const clamp = (lo: number, hi: number) =>
    Object.assign(out, { minimum: Math.max(Number(out.minimum ?? lo), lo), maximum: Math.min(Number(out.maximum ?? hi), hi) });
  if (out.format === 'int64') clamp(-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  if (out.format === 'double' || out.format === 'float') clamp(-1e12, 1e12);
  return out;
}

function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return `${issue.path.join('.') || '(body)'}: ${issue.message}`;
}

describe.each(['2025-07', '2026-01'] as const)('%s: the shared schemas accept what the published documents allow', (version) => {
  const rows = version === '2026-01' ? [...ROWS, ...ROWS_2026_01] : ROWS;
  it.each(rows.map(([op, status, schema]) => [`${op.replace('{v}', version)} ${status}`, op, status, schema] as const))('%s', (_title, op, status, schema) => {
    const gen = createGeneratorSync({ seed: 7, maxDepth: 6, optionalsProbability: 0.5 });
    const schemaJson = standalone(version, op, status);
    const doc = publishedDocument(version);
    const [method, template] = op.replace('{v}', version).split(' ') as [string, string];
    const published = doc.find(method, template)!;
    const refused: string[] = [];
    // Only bodies the published schema itself accepts count (the faker now and then misses a
    // minLength inside alternatives); 200 of them per operation.
    let valid = 0;
    for (let attempt = 0; valid < BODIES && attempt < BODIES * 10; attempt++) {
      const body = gen.generate(schemaJson);
      if (doc.validate(published, status, body).length > 0) continue;
      valid++;
      const parsed = schema.safeParse(body);
      if (!parsed.success) refused.push(firstProblem(parsed.error));
    }
    expect(valid).toBe(BODIES);
    expect([...new Set(refused)].slice(0, 5)).toEqual([]);
  });
});
