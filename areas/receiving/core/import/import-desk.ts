import { z } from 'zod';
import { IMPORT_LINES_MAX, type ImportCheckInput, type ImportCheckOutput } from '../../common/ipc.js';
import { checkColumns, guessColumns, ImportField, layoutKey } from '../../common/import-columns.js';
import { appError } from '../../../../electron/core/words.js';
import type { InventoryDesk } from '../../../inventory/core/index.js';
import type { SettingsService } from '../../../../electron/core/settings/settings.js';
import { checkImport, type ImportItem, type ImportLookup } from './check.js';
import { readFile } from './read.js';

/** The desk's remembered column matches, by layout (the header row's normalized names). */
const ImportSettings = z.object({
  layouts: z.record(z.string().max(4000), z.object({ columns: z.array(ImportField.nullable()).max(200), usedAt: z.string() })),
});
type ImportSettings = z.infer<typeof ImportSettings>;
const DEFAULTS: ImportSettings = { layouts: {} };
/** The section's name in the settings file. */
const SECTION = 'receiving-import';
/** Layouts kept; the least recently used goes first. */
const LAYOUTS_KEPT = 50;

export interface ImportDeskDeps {
  inventory: Pick<InventoryDesk, 'ready'>;
  settings: Pick<SettingsService, 'section' | 'updateSection'>;
  now: () => Date;
}

/**
 * Imports in main: the file is parsed, matched and checked here, against the item cache, in one call,
 * so the page never holds the work of thousands of rows. Nothing is sent to the service.
 */
export class ImportDesk {
  constructor(private readonly deps: ImportDeskDeps) {}

  async check(input: ImportCheckInput): Promise<ImportCheckOutput> {
    const index = await this.deps.inventory.ready();
    const items = new Map<number, ImportItem>();
    const lookup: ImportLookup = {
      centers: [...input.centers, ...index.centers.filter((c) => !input.centers.some((k) => k.id === c.id))],
      lookup: (code) =>
        index.lookup(code).matches.map((m) => {
          let item = items.get(m.item.inventoryId);
          if (!item) {
            const { inventoryId, sku, name, flags } = m.item;
            items.set(inventoryId, (item = { inventory_id: inventoryId, sku, name, is_lot: flags.lot, digital: flags.digital, bundle: flags.bundle }));
          }
          return { item, by: m.matchedBy };
        }),
    };
    const { layouts } = this.deps.settings.section(SECTION, ImportSettings, DEFAULTS);
    const { output, layout } = await checkFile(input, (key) => layouts[key]?.columns, lookup);
    if (output.boxes) this.remember(layout, output.columns);
    // What follows (the answer checked against the contract by the dispatch) gets a turn of its own.
    await new Promise<void>((resolve) => setImmediate(resolve));
    return output;
  }

  /** The match the clerk used, kept for the next file of this layout. */
  private remember(layout: string, columns: readonly (ImportField | null)[]): void {
    const { layouts } = this.deps.settings.section(SECTION, ImportSettings, DEFAULTS);
    const kept = Object.entries({ ...layouts, [layout]: { columns: [...columns], usedAt: this.deps.now().toISOString() } })
      .sort(([, a], [, b]) => b.usedAt.localeCompare(a.usedAt))
      .slice(0, LAYOUTS_KEPT);
    this.deps.settings.updateSection(SECTION, ImportSettings, DEFAULTS, { layouts: Object.fromEntries(kept) });
  }
}

/**
 * A file read, its columns matched and every row checked: the whole of an import's work, over the
 * item lookup and the remembered matches. It keeps main's loop free as it goes: a CSV is read a piece
 * at a time, a workbook in its worker thread, the rows checked a few milliseconds at a time.
 */
export async function checkFile(
  input: ImportCheckInput,
  remembered: (layout: string) => readonly (ImportField | null)[] | undefined,
  ctx: ImportLookup,
): Promise<{ output: ImportCheckOutput; layout: string }> {
  const empty = () =>
    input.fileName ? appError('invalid_input', 'errors.import.emptyFile', { file: input.fileName }) : appError('invalid_input', 'errors.import.empty');
  const bytes = Buffer.from(input.bytes, 'base64');
  if (bytes.length === 0) throw empty();
  const file = await readFile(bytes, input.fileName, input.sheet);
  const { sheet } = file;
  if (sheet.headers.length === 0) throw empty();
  const layout = layoutKey(sheet.headers);
  const kept = remembered(layout);
  const [columns, columnsFrom] = input.columns
    ? ([input.columns, 'clerk'] as const)
    : kept && kept.length === sheet.headers.length
      ? ([kept, 'remembered'] as const)
      : ([guessColumns(sheet.headers), 'guessed'] as const);
  const wrong = checkColumns(sheet.headers, columns);
  if (wrong) throw appError('invalid_input', 'errors.import.columns', undefined, { detail: wrong });
  const { items: named, ...result } = await checkImport(sheet, { ...input, columns }, ctx);
  const output: ImportCheckOutput = {
    headers: sheet.headers,
    columns: [...columns],
    columnsFrom,
    kind: file.kind,
    sheets: file.sheets,
    sheet: file.sheetName,
    separator: sheet.separator,
    bom: sheet.bom,
    ...result,
    // A file refused for its length shows its first rows only: no one fixes the rest in place. The
    // boxes of 'lines' name their items themselves.
    ...(input.want === 'preview' ? { rows: sheet.rows.slice(0, IMPORT_LINES_MAX), items: named } : {}),
  };
  return { output, layout };
}
