import { describe, expect, it } from 'vitest';
import { generateData } from '../../emulator/data/generate.js';
import { Order, OrderV, Shipment, ShipmentV } from '../../shared/schemas/orders.js';
import { VariantResponse, VariantV5 } from '../../shared/schemas/products.js';

/**
 * An order, shipment and variant are each written once and read two ways: as the emulator sends them
 * (every field present, names and references always there) and as the client accepts them from the
 * service (anything the published documents allow). Whatever the emulator sends, the client reads.
 */
const data = generateData({ seed: 11, inventoryItems: 60, receivingOrders: 10, now: new Date('2026-11-20T15:00:00Z') });
const anOrder = data.orders.find((o) => o.shipments.some((s) => s.tracking))!;
const aShipment = anOrder.shipments.find((s) => s.tracking)!;
const aVariant = data.products.flatMap((p) => p.variants)[0]!;

function without<T extends object>(value: T, key: keyof T): T {
  const copy = { ...value };
  delete copy[key];
  return copy;
}

describe('what the emulator sends, the client reads', () => {
  it('every seeded order, shipment and variant passes both readings', () => {
    expect(data.orders.length).toBeGreaterThan(10);
    for (const order of data.orders) {
      expect(Order.safeParse(order).success).toBe(true);
      expect(OrderV.safeParse(order).success).toBe(true);
    }
    const variants = data.products.flatMap((p) => p.variants);
    expect(variants.length).toBeGreaterThan(10);
    for (const variant of variants) {
      expect(VariantResponse.safeParse(variant).success).toBe(true);
      expect(VariantV5.safeParse(variant).success).toBe(true);
    }
  });

  it('the client reads the same values the emulator sent', () => {
    const read = ShipmentV.parse(aShipment);
    expect(read.recipient?.name).toBe(aShipment.recipient.name);
    expect(read.tracking?.tracking_number).toBe(aShipment.tracking!.tracking_number);
    expect(read.products?.map((p) => p.sku)).toEqual(aShipment.products.map((p) => p.sku));
  });
});

describe('the emulator sends every field; the client takes what the service may leave out', () => {
  it('a shipment without its recipient or products', () => {
    for (const key of ['recipient', 'products', 'status'] as const) {
      expect(Shipment.safeParse(without(aShipment, key)).success, `emulator without ${key}`).toBe(false);
      expect(ShipmentV.safeParse(without(aShipment, key)).success, `client without ${key}`).toBe(true);
    }
  });

  it('a shipment has no tracking until its label exists, in both readings', () => {
    expect(Shipment.safeParse(without(aShipment, 'tracking')).success).toBe(true);
    expect(ShipmentV.safeParse(without(aShipment, 'tracking')).success).toBe(true);
  });

  it('null where the documents allow it: a product without a name, an order without shipments', () => {
    const nameless = { ...aShipment, products: aShipment.products.map((p) => ({ ...p, name: null })) };
    expect(Shipment.safeParse(nameless).success).toBe(false);
    expect(ShipmentV.safeParse(nameless).success).toBe(true);
    expect(Order.safeParse({ ...anOrder, shipments: null }).success).toBe(false);
    expect(OrderV.parse({ ...anOrder, shipments: null }).shipments).toBeNull();
  });

  it('a variant whose barcode has no value yet, or no barcodes list at all', () => {
    const blank = { ...aVariant, barcodes: [{ sticker_url: null, value: null }] };
    expect(VariantResponse.safeParse(blank).success).toBe(false);
    expect(VariantV5.safeParse(blank).success).toBe(true);
    expect(VariantV5.safeParse({ ...aVariant, barcodes: null }).success).toBe(true);
  });

  it('neither reading takes what the documents never allow', () => {
    expect(ShipmentV.safeParse({ ...aShipment, status: 'Lost' }).success).toBe(false);
    expect(OrderV.safeParse({ ...anOrder, recipient: { ...anOrder.recipient, name: '' } }).success).toBe(false);
    expect(OrderV.safeParse({ ...anOrder, shipments: [{ ...aShipment, measurements: { ...aShipment.measurements, depth_in: 2.5 } }] }).success).toBe(false);
    expect(VariantV5.safeParse({ ...aVariant, id: 'v-1' }).success).toBe(false);
  });
});
