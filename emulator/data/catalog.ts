import type { StoredFulfillmentCenter } from './model.js';

/** Fixed reference data the seed builds on: the warehouse network and the words product names use. */
export const FULFILLMENT_CENTERS: StoredFulfillmentCenter[] = [
  {
    id: 3,
    name: 'Wilkes-Barre (PA)',
    address1: '1 Logistics Way',
    address2: null,
    city: 'Wilkes-Barre',
    state: 'PA',
    zip_code: '18706',
    country: 'US',
    email: 'wb-receiving@fc.example',
    phone_number: '+1 570 555 0100',
    timezone: 'America/New_York',
  },
  {
    id: 8,
    name: 'Moreno Valley (CA)',
    address1: '2400 Cactus Ave',
    address2: 'Dock 14',
    city: 'Moreno Valley',
    state: 'CA',
    zip_code: '92551',
    country: 'US',
    email: 'mv-receiving@fc.example',
    phone_number: '+1 951 555 0142',
    timezone: 'America/Los_Angeles',
  },
  {
    id: 11,
    name: 'Twin Lakes (WI)',
    address1: '77 Harbor Rd',
    address2: null,
    city: 'Twin Lakes',
    state: 'WI',
    zip_code: '53181',
    country: 'US',
    email: 'tl-receiving@fc.example',
    phone_number: '+1 262 555 0177',
    timezone: 'America/Chicago',
  },
  {
    id: 33,
    name: 'Sandbox Labels (TX)',
    address1: '33 Test Label Blvd',
    address2: null,
    city: 'Dallas',
    state: 'TX',
    zip_code: '75201',
    country: 'US',
    email: 'dfw-receiving@fc.example',
    phone_number: '+1 214 555 0133',
    timezone: 'America/Chicago',
  },
];

export const PRODUCT_WORDS = {
  adjectives: ['Organic', 'Classic', 'Travel', 'Deluxe', 'Compact', 'Everyday', 'Pro', 'Mini', 'Family', 'Cold-Brew'],
  nouns: ['Coffee Beans', 'Green Tea', 'Protein Bar', 'Water Bottle', 'Yoga Mat', 'Face Serum', 'Dog Treats', 'Notebook', 'Phone Case', 'Vitamin C'],
  variants: ['250 g', '500 g', '1 kg', 'Blue', 'Black', 'Large', 'Small', '12-pack', '30 ct', 'Refill'],
} as const;

/** The product taxonomy (2025-07 /taxonomy): a small tree; ids are stable across seeds. */
export interface TaxonomyEntry {
  id: number;
  name: string;
  parent_id: number | null;
}
export const TAXONOMY: readonly TaxonomyEntry[] = [
  { id: 1, name: 'Consumables', parent_id: null },
  { id: 12, name: 'Grocery', parent_id: 1 },
  { id: 121, name: 'Coffee & Tea', parent_id: 12 },
  { id: 122, name: 'Snacks', parent_id: 12 },
  { id: 13, name: 'Health & Beauty', parent_id: 1 },
  { id: 14, name: 'Pet Supplies', parent_id: 1 },
  { id: 2, name: 'Home & Living', parent_id: null },
  { id: 21, name: 'Kitchen', parent_id: 2 },
  { id: 22, name: 'Fitness', parent_id: 2 },
  { id: 23, name: 'Office', parent_id: 2 },
  { id: 3, name: 'Electronics', parent_id: null },
  { id: 31, name: 'Phone Accessories', parent_id: 3 },
];

/** Where each product noun of the seed sits in the taxonomy. */
export const TAXONOMY_OF_NOUN: Record<(typeof PRODUCT_WORDS.nouns)[number], number> = {
  'Coffee Beans': 121,
  'Green Tea': 121,
  'Protein Bar': 122,
  'Water Bottle': 21,
  'Yoga Mat': 22,
  'Face Serum': 13,
  'Dog Treats': 14,
  Notebook: 23,
  'Phone Case': 31,
  'Vitamin C': 13,
};

export function taxonomyPath(id: number): TaxonomyEntry[] {
  const out: TaxonomyEntry[] = [];
  for (let node = TAXONOMY.find((t) => t.id === id); node; node = TAXONOMY.find((t) => t.id === node.parent_id)) out.unshift(node);
  return out;
}

/** A product's taxonomy summary (spec 2.2): the node, its parent, and the path of names. */
export function taxonomyInfo(id: number): { id: number; name: string; parent_id: number; parent_name: string; path: string } {
  const path = taxonomyPath(id);
  const node = path[path.length - 1] ?? TAXONOMY[0]!;
  const parent = path[path.length - 2] ?? node;
  return { id: node.id, name: node.name, parent_id: parent.id, parent_name: parent.name, path: path.map((t) => t.name).join('/') };
}

export const PACKAGING_MATERIALS = [
  { id: 1, name: 'Box' },
  { id: 2, name: 'BubbleMailer' },
  { id: 3, name: 'PolyMailer' },
  { id: 4, name: 'FragileBox' },
] as const;

/** Packaging requirements a variant may name (2025-07 /packaging-requirement). */
export const PACKAGING_REQUIREMENTS = [
  {
    id: 1,
    name: 'None',
    description: 'No special packaging.',
    applicable_categories: [],
    applicable_packaging_material_types: [...PACKAGING_MATERIALS],
    applicable_taxonomy: [],
  },
  {
    id: 2,
    name: 'Fragile',
    description: 'Wrapped and boxed; never in a mailer.',
    applicable_categories: [{ id: 2, sub_category_ids: [21] }],
    applicable_packaging_material_types: [PACKAGING_MATERIALS[3]],
    applicable_taxonomy: ['Home & Living/Kitchen'],
  },
  {
    id: 3,
    name: 'Liquid',
    description: 'Sealed in a leak-proof bag before boxing.',
    applicable_categories: [{ id: 1, sub_category_ids: [13] }],
    applicable_packaging_material_types: [PACKAGING_MATERIALS[0]],
    applicable_taxonomy: ['Consumables/Health & Beauty'],
  },
  {
    id: 4,
    name: 'Food grade',
    description: 'Packed apart from non-food items.',
    applicable_categories: [{ id: 1, sub_category_ids: [12, 14] }],
    applicable_packaging_material_types: [PACKAGING_MATERIALS[0], PACKAGING_MATERIALS[2]],
    applicable_taxonomy: ['Consumables/Grocery', 'Consumables/Pet Supplies'],
  },
] as const;
