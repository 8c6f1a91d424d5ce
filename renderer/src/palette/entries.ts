import type { QueryClient } from '@tanstack/react-query';
import type { Phrase, Translate } from '../i18n/useT';
import { extensionPoint } from '../workspaces/registry';
import { englishT } from './english';

/**
 * One line of the command palette as shown: a view to open, an action to run, or a record. A record
 * found by a search is worded when found (`currentWords()`); a fixed line is a {@link PaletteAction}.
 */
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

/**
 * A fixed line of the palette, declared ahead of the language: its words are said when the palette
 * shows it ({@link sayAction}), so a change of language reaches them at once.
 */
export interface PaletteAction extends Omit<PaletteItem, 'label' | 'detail' | 'keywords'> {
  label: Phrase;
  detail?: Phrase;
  /** Extra words that find it, in the clerk's language ("scanner", "sound"). */
  keywords?: Phrase;
}

/**
 * A fixed line in the language in force. It is also found by its English words (label and keywords):
 * a clerk may know a line by the English word, and codes such as "csv" or "wro" read the same anyway.
 */
export function sayAction(action: PaletteAction, t: Translate): PaletteItem {
  const { label, detail, keywords, ...rest } = action;
  const english = t === englishT ? [] : [label(englishT), keywords?.(englishT) ?? ''];
  return {
    ...rest,
    label: label(t),
    ...(detail ? { detail: detail(t) } : {}),
    keywords: [keywords?.(t) ?? '', ...english].join(' ').trim(),
  };
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
  group: Phrase;
  search: (query: string, signal: AbortSignal) => Promise<PaletteItem[]> | PaletteItem[];
}

export const paletteSources = extensionPoint<PaletteSource>('palette sources');

/** Fixed actions (not tied to a workspace's records), added by the mechanisms that own them. */
export const paletteActions = extensionPoint<PaletteAction>('palette actions');

/** Case- and accent-insensitive "every word appears" match over label, detail and keywords. */
export function matchesQuery(item: PaletteItem, query: string): boolean {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const hay = fold(`${item.label} ${item.detail ?? ''} ${item.keywords ?? ''}`);
  return fold(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => hay.includes(word));
}
