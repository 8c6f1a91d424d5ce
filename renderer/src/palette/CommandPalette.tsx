import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { Autocomplete, Dialog, Header, Input, Menu, MenuItem, MenuSection, Modal, ModalOverlay, TextField } from 'react-aria-components';
import { errorMessage } from '../bridge/dockdesk';
import { useShortcut } from '../keyboard/useShortcut';
import { allWorkspaces } from '../workspaces/registry';
import { useStore } from '../ui/store';
import { matchesQuery, paletteActions, paletteSources, type PaletteContext, type PaletteItem } from './entries';
import './palette.css';

interface Section {
  group: string;
  items: PaletteItem[];
}

const SEARCH_DELAY_MS = 150;

function useExtension<T>(point: { list: () => T; subscribe: (l: () => void) => () => void }): T {
  return useStore({ get: point.list, subscribe: point.subscribe });
}

/**
 * The command palette (Ctrl+K): every view, the actions mechanisms add, and records the workspaces
 * find for the text typed (a receiving order by id or purchase order number). Enter opens the
 * highlighted line; Escape closes.
 */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  useShortcut({ keys: 'Ctrl+K', description: 'Command palette: views, actions, records', inFields: true, handler: () => setOpen(true) });
  return (
    <ModalOverlay className="modal-overlay palette-overlay" isOpen={open} onOpenChange={setOpen} isDismissable>
      <Modal className="modal palette">
        <Dialog className="dialog palette-dialog" aria-label="Command palette">
          {({ close }) => <PaletteBody close={close} />}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function PaletteBody({ close }: { close: () => void }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState('');
  const [records, setRecords] = useState<{ query: string; sections: Section[]; errors: string[] }>({ query: '', sections: [], errors: [] });
  const sources = useExtension(paletteSources);
  const actions = useExtension(paletteActions);

  const context: PaletteContext = useMemo(() => ({ navigate: (href) => router.history.push(href.replace(/^#/, '')), queryClient }), [router, queryClient]);

  // Records: asked of every source after a short pause in typing; an older search is cancelled.
  useEffect(() => {
    const text = query.trim();
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
  }, [query, sources]);

  const text = query.trim();
  const views: PaletteItem[] = allWorkspaces().map((w) => ({
    id: `view:${w.id}`,
    label: `Go to ${w.label}`,
    detail: w.shortcut,
    href: `#${w.path}`,
    keywords: w.purpose,
  }));
  const sections: Section[] = [
    { group: 'Views', items: views.filter((v) => matchesQuery(v, text)) },
    { group: 'Actions', items: actions.map((a) => a.item).filter((a) => matchesQuery(a, text)) },
    ...(records.query === text ? records.sections : []),
  ].filter((s) => s.items.length > 0);
  const byId = new Map<string, PaletteItem>(sections.flatMap((s) => s.items.map((i) => [`${s.group}:${i.id}`, i] as const)));
  const searching = text.length > 0 && records.query !== text;

  const run = (key: string) => {
    const item = byId.get(key);
    if (!item) return;
    close();
    if (item.href) context.navigate(item.href);
    else item.run?.(context);
  };

  return (
    <Autocomplete inputValue={query} onInputChange={setQuery}>
      {/* A plain text field, not a search field: there Escape would clear the text instead of closing. */}
      <TextField className="palette-search" aria-label="Search views, actions and records" autoFocus>
        <Input placeholder="Type a view, an action, a WRO id or a PO number" />
      </TextField>
      {/* The list scrolls when long; the wrapper takes focus so that scrolling works by keyboard too
          (the results themselves are reached with the arrows from the field, which keeps focus). */}
      <div className="palette-list" role="group" aria-label="Results list" tabIndex={0}>
        <Menu
          aria-label="Results"
          onAction={(key) => run(String(key))}
          renderEmptyState={() => <p className="palette-empty">{searching ? 'Searching…' : `Nothing matches “${text}”.`}</p>}
        >
          {sections.map((section) => (
            <MenuSection key={section.group} id={section.group}>
              <Header className="palette-group">{section.group}</Header>
              {section.items.map((item) => (
                <MenuItem key={`${section.group}:${item.id}`} id={`${section.group}:${item.id}`} textValue={item.label} className="palette-item">
                  <span>{item.label}</span>
                  {item.detail && <span className="palette-detail">{item.detail}</span>}
                </MenuItem>
              ))}
            </MenuSection>
          ))}
        </Menu>
      </div>
      <p className="palette-foot" role="status">
        {searching
          ? 'Searching records…'
          : records.errors.length > 0 && records.query === text
            ? `Some records could not be searched: ${records.errors.join('; ')}`
            : '↑↓ to move, Enter to open, Esc to close'}
      </p>
    </Autocomplete>
  );
}
