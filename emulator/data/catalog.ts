import type { FulfillmentCenter } from '../../shared/schemas/receiving.js';

/** Fixed reference data the seed builds on: the warehouse network and the words product names use. */
export const FULFILLMENT_CENTERS: FulfillmentCenter[] = [
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
