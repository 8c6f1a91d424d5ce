import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { allPages, daysUntilExpiry, type LotLevelItem } from './inventory-support.js';
import type { Service } from './service.js';

/** Shared by the stock views' specs: the service's lots as the expiring list counts them, and a downloaded CSV read back. */

/** Lots with stock on hand, per center, as the service lists them, with their days left in the browser's zone. */
export async function serviceLots(api: Service, timeZone: string) {
  const items = await allPages<LotLevelItem>(api, '/2026-07/inventory-level/lots?PageSize=100');
  return items.flatMap((i) =>
    i.lots.flatMap((l) =>
      (l.locations ?? [])
        .filter((at) => at.on_hand_quantity > 0 && l.lot_date !== null)
        .map((at) => ({ item: i, lot: l.lot_number, centerId: at.location_id, daysLeft: daysUntilExpiry(l.lot_date!, timeZone) })),
    ),
  );
}

/** A downloaded CSV as records (RFC 4180: quoted fields may hold commas and doubled quotes). */
export async function csvRecords(download: Download): Promise<string[][]> {
  const text = await readFile(await download.path(), 'utf8');
  const records: string[][] = [];
  for (const line of text.split('\r\n').filter((l) => l !== '')) {
    const fields: string[] = [];
    for (const m of line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)) {
      if (m.index === line.length && m[0] === '') break;
      const raw = m[1]!;
      fields.push(raw.startsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw);
    }
    records.push(fields);
  }
  return records;
}

/** An instant as the CSV exports write it: local time, sortable, to the second. */
export async function localStampIn(page: Page, iso: string): Promise<string> {
  return page.evaluate((at) => {
    const d = new Date(at);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
  }, iso);
}
