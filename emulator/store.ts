import type { EmulatorData, StoredInventory, StoredProduct, StoredWro } from './data/model.js';

/**
 * The live data of one environment plus the indexes routes need. Every mutation goes through a
 * route or the transition engine and ends with `changed()`, which schedules persistence.
 */
export class EmulatorStore {
  private byInventoryId = new Map<number, StoredInventory>();
  private bySku = new Map<string, StoredInventory>();
  private byVariantId = new Map<number, StoredInventory>();
  private wroById = new Map<number, StoredWro>();
  private productById = new Map<number, StoredProduct>();
  /** Bumped by every change, so a route may keep work derived from the data (a sorted list) until it moves. */
  private revisionCount = 0;
  private seedings = 1;

  constructor(
    public data: EmulatorData,
    private readonly onChange: () => void = () => {},
  ) {
    this.reindex();
  }

  replace(data: EmulatorData): void {
    this.seedings++;
    this.data = data;
    this.reindex();
    this.changed();
  }

  /** How many times the data was seeded (1 at start, one more per reset): a reset replaces it wholesale. */
  get generation(): number {
    return this.seedings;
  }

  get revision(): number {
    return this.revisionCount;
  }

  reindex(): void {
    this.revisionCount++;
    this.byInventoryId = new Map(this.data.inventory.map((i) => [i.inventory_id, i]));
    this.bySku = new Map(this.data.inventory.map((i) => [i.sku.toLowerCase(), i]));
    this.byVariantId = new Map(this.data.inventory.map((i) => [i.variant_id, i]));
    this.wroById = new Map(this.data.receivingOrders.map((w) => [w.id, w]));
    this.productById = new Map(this.data.products.map((p) => [p.id, p]));
  }

  nextId(): number {
    return ++this.data.nextId;
  }

  inventory(id: number): StoredInventory | undefined {
    return this.byInventoryId.get(id);
  }

  inventoryBySku(sku: string): StoredInventory | undefined {
    return this.bySku.get(sku.toLowerCase());
  }

  /** The inventory item behind a variant (each variant has one; a bundle's parts are found this way). */
  inventoryByVariant(variantId: number): StoredInventory | undefined {
    return this.byVariantId.get(variantId);
  }

  addInventory(item: StoredInventory): void {
    this.data.inventory.push(item);
    this.byInventoryId.set(item.inventory_id, item);
    this.bySku.set(item.sku.toLowerCase(), item);
    this.byVariantId.set(item.variant_id, item);
  }

  wro(id: number): StoredWro | undefined {
    return this.wroById.get(id);
  }

  addWro(wro: StoredWro): void {
    this.data.receivingOrders.push(wro);
    this.wroById.set(wro.id, wro);
  }

  product(id: number): StoredProduct | undefined {
    return this.productById.get(id);
  }

  addProduct(product: StoredProduct): void {
    this.revisionCount++;
    this.data.products.push(product);
    this.productById.set(product.id, product);
  }

  removeProduct(id: number): void {
    this.revisionCount++;
    this.data.products = this.data.products.filter((p) => p.id !== id);
    this.productById.delete(id);
  }

  changed(): void {
    this.revisionCount++;
    this.onChange();
  }
}
