import { cpus, loadavg } from 'node:os';
import { generateData } from '../../emulator/data/generate.js';
import { toColumns } from '../../areas/inventory/core/cache-format.js';
import { StockIndex } from '../../areas/stock/core/stock-index.js';
import { itemPositions, itemRows, itemsQuery, lotPositions, lotRows, summarize as stockSummary } from '../../areas/stock/core/stock-queries.js';
import { StockItemsInput, type StockItemsInput as ItemsInput } from '../../areas/stock/common/ipc.js';
import { snapshotFromEmulator } from './inventory-cache-data.js';
import { summarize } from './stats.js';

/**
 * The stock area's queries over 100,000 generated items (the emulator's warehouse, as the cache holds
 * it): building the StockIndex once per cache generation, the first query of each sort order at a
 * center (it builds that order once), and then sort and filter as the inventory browser asks (a page
 * of 200 rows from the whole cache), the expiring list and Today's summary. Target: sort and filter
 * under 50 ms p95. Times are the core's own (no IPC), each query from scratch (no answer cached).
 */
const ITEMS = Number(process.env.BENCH_STOCK_ITEMS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_STOCK_ROUNDS ?? 10);
const TODAY = '2026-11-21';

const time = (work: () => void) => {
  const start = performance.now();
  work();
  return performance.now() - start;
};

/** What a clerk asks the browser: every sortable column both ways, with and without each filter. */
function browserQueries(centers: number[]): ItemsInput[] {
  const sorts = ['name', 'sku', 'onHand', 'fulfillable', 'committed', 'awaiting', 'lots'] as const;
  const filters: Partial<ItemsInput>[] = [
    {},
    { fc: centers[0]! },
    { fc: centers[1]! },
    { stock: 'zero' },
    { stock: 'low', threshold: 20 },
    { kind: 'physical', lots: true },
    { q: 'protein' },
    { q: 'a', stock: 'low', threshold: 50, fc: centers[0]! },
  ];
  return filters.flatMap((f) => sorts.flatMap((sort) => (['asc', 'desc'] as const).map((dir) => ({ ...f, sort, dir, offset: 0, limit: 200 }))));
}

export async function benchStock() {
  const data = generateData({ seed: 20261121, inventoryItems: ITEMS, receivingOrders: 8, now: new Date(`${TODAY}T12:00:00Z`) });
  const columns = toColumns(snapshotFromEmulator(data, `${TODAY}T12:00:00.000Z`));
  const loadBefore = loadavg()[0]!;
  let index!: StockIndex;
  const buildMs = time(() => {
    index = new StockIndex(columns);
  });
  const centers = columns.centers.map((c) => c.id);
  const queries = browserQueries(centers).map((input) => {
    const { offset, limit, ...search } = StockItemsInput.parse(input);
    return { query: itemsQuery(search), offset, limit };
  });
  const run = ({ query, offset, limit }: (typeof queries)[number]) => {
    const positions = itemPositions(index, query);
    itemRows(index, positions, offset, limit, query.center);
  };
  // First use: each order (and each center's quantities) is built once, by the first query that needs it.
  const first = queries.map((q) => time(() => run(q)));
  const steady: number[] = [];
  for (let r = 0; r < ROUNDS; r++) for (const q of queries) steady.push(time(() => run(q)));
  const nothing = () => null;
  const expiring = Array.from({ length: ROUNDS * 10 }, (_, k) =>
    time(() => {
      const q = { show: k % 2 ? ('expired' as const) : ('expiring' as const), days: 30 + k, center: k % 3 ? null : Number(centers[0]), today: TODAY };
      lotRows(index, lotPositions(index, q, nothing).slice(0, 200), TODAY, nothing);
    }),
  );
  const summary = Array.from({ length: ROUNDS * 10 }, (_, k) =>
    time(() => stockSummary(index, { center: k % 2 ? null : Number(centers[0]), withinDays: 30, lowThreshold: 10, today: TODAY }, nothing)),
  );
  return {
    items: columns.count,
    lots: index.lots.day.length,
    queriesPerRound: queries.length,
    buildIndexMs: Math.round(buildMs * 10) / 10,
    firstUseOfEachOrder: summarize(first),
    sortAndFilter: summarize(steady),
    expiringList: summarize(expiring),
    todaySummary: summarize(summary),
    target: 'sortAndFilter p95 < 50 ms',
    loadAverage: { before: Math.round(loadBefore * 100) / 100, after: Math.round(loadavg()[0]! * 100) / 100, cpus: cpus().length },
  };
}
