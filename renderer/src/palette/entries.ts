import type { QueryClient } from '@tanstack/react-query';
import { extensionPoint } from '../workspaces/registry';

/** One line of the command palette: a view to open, an action to run, or a record. */
export interface PaletteItem {
  id: string;
  label: string;
  detail?: string;
  /** An address to open ("#/receiving/5012"). */
  href?: string;
  /** Or something to do. */
  run?: (context: PaletteContext) => void;
  /** Extra words that find it ("scanner", "sound"). */
  keywords?: string;
}

export interface PaletteContext {
  navigate: (href: string) => void;
  queryClient: QueryClient;
}

/**
 * A workspace's contribution to the palette: records (or actions) found for what the user typed.
 * Searched as the user types (debounced, cancelled when the text changes).
 */
export interface PaletteSource {
  id: string;
  /** Heading of its results ("Receiving orders"). */
  group: string;
  search: (query: string, signal: AbortSignal) => Promise<PaletteItem[]> | PaletteItem[];
}

export const paletteSources = extensionPoint<PaletteSource>('palette sources');

/** Fixed actions (not tied to a workspace's records), added by the mechanisms that own them. */
export const paletteActions = extensionPoint<PaletteItem>('palette actions');

/** Case- and accent-insensitive "every word appears" match over label, detail and keywords. */
export function matchesQuery(item: PaletteItem, query: string): boolean {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const hay = fold(`${item.label} ${item.detail ?? ''} ${item.keywords ?? ''}`);
  return fold(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => hay.includes(word));
}
