import { useEffect, useState } from 'react';
import { errorMessage } from '../bridge/dockdesk';
import { useStore } from '../ui/store';
import { paletteSources, type PaletteItem } from './entries';

export interface Section {
  group: string;
  items: PaletteItem[];
}

const SEARCH_DELAY_MS = 150;

/**
 * Records for the typed text: every area's source is asked after a short pause in typing; an older
 * search is cancelled. `searching` while the answers for this text are not all in; a source that
 * failed is named in `errors` and the others still show.
 */
export function useRecordSearch(text: string): { sections: Section[]; errors: string[]; searching: boolean } {
  const sources = useStore({ get: paletteSources.list, subscribe: paletteSources.subscribe });
  const [records, setRecords] = useState<{ query: string; sections: Section[]; errors: string[] }>({ query: '', sections: [], errors: [] });

  useEffect(() => {
    if (text.length === 0) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      // allSettled never rejects: each source's failure is read from its result below.
      void Promise.allSettled(
        sources.map(({ item }) => Promise.resolve(item.search(text, controller.signal)).then((items) => ({ group: item.group, items }))),
      ).then((results) => {
        if (controller.signal.aborted) return;
        const sections: Section[] = [];
        const errors: string[] = [];
        results.forEach((r, i) => {
          if (r.status === 'fulfilled') {
            if (r.value.items.length > 0) sections.push(r.value);
          } else errors.push(`${sources[i]!.item.group}: ${errorMessage(r.reason)}`);
        });
        setRecords({ query: text, sections, errors });
      });
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, sources]);

  const current = records.query === text;
  return { sections: current ? records.sections : [], errors: current ? records.errors : [], searching: text.length > 0 && !current };
}
