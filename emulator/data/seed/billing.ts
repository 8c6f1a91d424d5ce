import { FULFILLMENT_CENTERS } from '../catalog.js';
import type { EmulatorData } from '../model.js';
import type { SeededRandom } from '../random.js';
import { DAY, dateOnly } from './common.js';

/** Invoices and transactions. */
export function makeBilling(rng: SeededRandom, data: EmulatorData, now: number): void {
  const types = ['Shipping', 'WarehouseStorage', 'Inbound Fee', 'Return', 'AdditionalFee', 'Credits'] as const;
  let invoiceId = 77_000;
  let running = 0;
  for (let week = 26; week >= 0; week--) {
    const at = now - week * 7 * DAY;
    for (const type of types) {
      if (type === 'Credits' && week % 4 !== 0) continue;
      const id = ++invoiceId;
      const count = rng.int(2, 6);
      let total = 0;
      for (let t = 0; t < count; t++) {
        const amount = (type === 'Credits' ? -1 : 1) * (rng.int(150, 9000) / 100);
        total += amount;
        data.transactions.push({
          transactionId: `tx_${id}_${t + 1}`,
          transactionType: type === 'Credits' ? 'Credit' : 'Charge',
          transactionFee: `${type} fee`,
          amount,
          currencyCode: 'USD',
          chargeDate: dateOnly(at - rng.int(0, 6) * DAY),
          invoiceDate: dateOnly(at),
          invoiceId: id,
          invoiceType: type,
          invoicedStatus: week > 0,
          referenceId: String(rng.int(100_000, 999_999)),
          referenceType: type === 'Shipping' ? 'Shipment' : type === 'Return' ? 'Return' : type === 'Inbound Fee' ? 'WRO' : 'FC',
          fulfillmentCenter: rng.pick(FULFILLMENT_CENTERS).name,
          additionalDetails: {},
          taxes: type === 'Shipping' ? [{ taxAmount: Math.round(amount * 8) / 100, taxRate: 0.08, taxType: 'Sales' }] : [],
        });
      }
      total = Math.round(total * 100) / 100;
      running = Math.round((running + total) * 100) / 100;
      data.invoices.push({ invoiceId: id, invoiceType: type, invoiceDate: dateOnly(at), amount: total, currencyCode: 'USD', runningBalance: running });
    }
  }
}
