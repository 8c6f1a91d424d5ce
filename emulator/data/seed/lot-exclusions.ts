import type { EmulatorData } from '../model.js';
import type { SeededRandom } from '../random.js';
import { DAY, iso } from './common.js';

/** Lot exclusions. */
export function makeLotExclusions(rng: SeededRandom, data: EmulatorData, now: number): void {
  const lotted = data.inventory.filter((i) => i.lots.length > 0).slice(0, 12);
  let id = 1;
  for (const item of lotted) {
    const lot = item.lots[0]!;
    const deleted = data.lotExclusions.length === 0 || rng.chance(0.3);
    data.lotExclusions.push({
      id: id++,
      inventory_id: item.inventory_id,
      lot_number: lot.lot_number,
      lot_date: lot.expiration_date,
      is_deleted: deleted,
      created_timestamp: iso(now - rng.int(5, 40) * DAY),
      deleted_timestamp: deleted ? iso(now - rng.int(1, 4) * DAY) : null,
    });
  }
}
