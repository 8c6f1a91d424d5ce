import type { EmulatorData, StoredUro } from '../model.js';
import type { SeededRandom } from '../random.js';
import { DAY, iso } from './common.js';

/** Unidentified receipts. */
export function makeUros(rng: SeededRandom, data: EmulatorData, now: number): void {
  const reasons = ['No WRO found for the shipment', 'Unexpected items in the box', 'Overage of 10% or more', 'Expiry dates differ from the WRO'];
  let attachmentId = 1;
  for (let i = 0; i < 18; i++) {
    const created = now - rng.int(1, 60) * DAY;
    const linked = i % 3 === 0 && data.receivingOrders.length > 0 ? rng.pick(data.receivingOrders) : null;
    const uro: StoredUro = {
      id: 9100 + i,
      barcode: `URO${String(9100 + i).padStart(8, '0')}`,
      tracking_barcode: rng.chance(0.8) ? `1Z${rng.int(100_000_000, 999_999_999)}` : null,
      reason: rng.pick(reasons),
      comment: rng.chance(0.5) ? 'Box arrived with a handwritten label.' : null,
      created_date: iso(created),
      linked_wro_id: linked?.id ?? null,
      linked_wro_date: linked ? iso(created + 2 * DAY) : null,
      attachments: Array.from({ length: rng.int(1, 2) }, (_, k) => ({
        id: attachmentId++,
        file_name: `uro-${9100 + i}-${k + 1}.png`,
        content_type: 'image/png',
        size_bytes: 0,
        created_date: iso(created),
      })),
    };
    data.uros.push(uro);
  }
}
