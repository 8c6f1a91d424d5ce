import { useEffect, useState } from 'react';
import { errorMessage } from '../bridge/dockdesk';
import { useT } from '../i18n/useT';
import { useStore } from '../ui/store';
import { paletteSources, type PaletteItem, type PaletteSource } from './entries';

export interface Section {
  group: string;
  items: PaletteItem[];
}

const SEARCH_DELAY_MS = 150;

/**
 * Records for the typed text: every area's source is asked after a short pause in typing; an older
 * search is cancelled. Each source's answer shows as it comes, so what the desk holds is not kept
 * waiting behind a source that waits for the service. `searching` while the answers for this text
 * are not all in; a source that failed is named in `errors` and the others still show.
 */
export function useRecordSearch(text: string): { sections: Section[]; errors: string[]; searching: boolean } {
  const sources = useStore({ get: paletteSources.list, subscribe: paletteSources.subscribe });
  const [records, setRecords] = useState<{ query: string; answers: Answer[]; pending: number }>({ query: '', answers: [], pending: 0 });
  const { t } = useT();

  useEffect(() => {
    if (text.length === 0) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setRecords({ query: text, answers: [], pending: sources.length });
      sources.forEach(({ item }, order) => {
        // Both outcomes become an answer below; nothing is left to catch.
        void Promise.resolve()
          .then(() => item.search(text, controller.signal))
          .then(
            (items): Answer => ({ order, source: item, items }),
            (reason: unknown): Answer => ({ order, source: item, error: errorMessage(reason) }),
          )
          .then((answer) => {
            if (controller.signal.aborted) return;
            setRecords((r) => (r.query === text ? { query: text, answers: [...r.answers, answer], pending: r.pending - 1 } : r));
          });
      });
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, sources]);

  const current = records.query === text;
  const answers = current ? [...records.answers].sort((a, b) => a.order - b.order) : [];
  return {
    // A source's heading is said in the language in force when shown.
    sections: answers.flatMap((a) => (a.items && a.items.length > 0 ? [{ group: a.source.group(t), items: a.items }] : [])),
    errors: answers.flatMap((a) => (a.error !== undefined ? [t('palette.sourceFailed', { group: a.source.group(t), error: a.error })] : [])),
    searching: text.length > 0 && (!current || records.pending > 0),
  };
}

/** One source's answer to a search, in the order the sources are listed. */
interface Answer {
  order: number;
  source: PaletteSource;
  items?: PaletteItem[];
  error?: string;
}
