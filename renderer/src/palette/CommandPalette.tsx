import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Autocomplete, Dialog, Header, Input, Menu, MenuItem, MenuSection, Modal, ModalOverlay, Text, TextField } from 'react-aria-components';
import { useT, type Translate } from '../i18n/useT';
import { useShortcut } from '../keyboard/useShortcut';
import { useScanField } from '../scan/useScanField';
import { allWorkspaces } from '../workspaces/registry';
import { useStore } from '../ui/store';
import { matchesQuery, paletteActions, sayAction, type PaletteContext, type PaletteItem } from './entries';
import { useRecordSearch, type Section } from './useRecordSearch';
import { readViewActions, viewActionItems, type ViewAction } from './viewActions';
import './palette.css';

/**
 * The command palette (Ctrl+K): every view, the buttons of the view it was opened on, the actions
 * areas add, and records the workspaces find for the text typed (an exact id, reference or tracking
 * number opens the record). Enter opens the highlighted line; Escape closes. An Enter that comes
 * before the records for the text are in (at once after the last digit) waits for them and opens the
 * first line; a scan into the field closes the palette and opens its record as a scan anywhere does.
 */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const [here, setHere] = useState<ViewAction[]>([]);
  const { t } = useT();
  useShortcut({
    keys: 'Ctrl+K',
    description: t('palette.key.open'),
    inFields: true,
    handler: () => {
      // Read before the palette covers the view (a modal hides what is behind it).
      setHere(readViewActions(t));
      setOpen(true);
    },
  });
  return (
    <ModalOverlay className="modal-overlay palette-overlay" isOpen={open} onOpenChange={setOpen} isDismissable>
      <Modal className="modal palette">
        <Dialog className="dialog palette-dialog" aria-label={t('palette.title')}>
          {({ close }) => <PaletteBody close={close} here={here} />}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** The fixed lines for the typed text: views, the buttons where the palette was opened, the areas' actions. */
function useFixedSections(text: string, here: readonly ViewAction[], t: Translate): Section[] {
  const actions = useStore({ get: paletteActions.list, subscribe: paletteActions.subscribe });
  const onView = useMemo(() => viewActionItems(here, t), [here, t]);
  // A view's line: its name, its shortcut as the detail, found by what it is for too.
  const views: PaletteItem[] = allWorkspaces().map((w) => ({
    ...sayAction({ id: `view:${w.id}`, label: (t) => t('palette.goTo', { view: w.label(t) }), href: `#${w.path}`, keywords: w.purpose }, t),
    detail: w.shortcut,
  }));
  return [
    { group: t('palette.group.views'), items: views.filter((v) => matchesQuery(v, text)) },
    { group: t('palette.group.actions'), items: actions.map((a) => sayAction(a.item, t)).filter((a) => matchesQuery(a, text)) },
    { group: t('palette.group.onThisView'), items: onView.filter((a) => matchesQuery(a, text)) },
  ];
}

function PaletteBody({ close, here }: { close: () => void; here: readonly ViewAction[] }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState('');
  const { t } = useT();
  const context: PaletteContext = useMemo(() => ({ navigate: (href) => router.history.push(href.replace(/^#/, '')), queryClient }), [router, queryClient]);
  const text = query.trim();
  const records = useRecordSearch(text);
  const sections = [...useFixedSections(text, here, t), ...records.sections].filter((s) => s.items.length > 0);
  const byId = new Map<string, PaletteItem>(sections.flatMap((s) => s.items.map((i) => [`${s.group}:${i.id}`, i] as const)));
  // The text an Enter was pressed on before its records were in.
  const enterOn = useRef<string | null>(null);
  const field = useRef<HTMLDivElement>(null);
  // A scan into the field (or an id typed at a scanner's pace, Enter at once) is a scan anywhere:
  // the palette closes and the scan router opens its record, as it would behind the palette.
  useScanField(field, () => {
    close();
    return 'route';
  });

  const run = (key: string) => {
    const item = byId.get(key);
    if (!item) return;
    close();
    if (item.href) context.navigate(item.href);
    else item.run?.(context);
  };
  const runLatest = useRef(run);
  useEffect(() => {
    runLatest.current = run;
  });
  const first = sections[0]?.items[0];
  const firstKey = first ? `${sections[0]!.group}:${first.id}` : null;
  useEffect(() => {
    if (enterOn.current === null || records.searching) return;
    const pending = enterOn.current;
    enterOn.current = null;
    if (pending === text && firstKey) runLatest.current(firstKey);
  }, [records.searching, text, firstKey]);

  return (
    <Autocomplete inputValue={query} onInputChange={setQuery}>
      {/* A plain text field, not a search field: there Escape would clear the text instead of closing. */}
      <TextField ref={field} className="palette-search" aria-label={t('palette.search')} autoFocus>
        <Input
          placeholder={t('palette.placeholder')}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && records.searching) enterOn.current = text;
          }}
        />
      </TextField>
      <PaletteResults sections={sections} emptyText={records.searching ? t('palette.searching') : t('palette.nothingMatches', { text })} onRun={run} />
      <p className="palette-foot" role="status">
        {records.searching
          ? t('palette.searchingRecords')
          : records.errors.length > 0
            ? t('palette.someFailed', { errors: records.errors.join('; ') })
            : t('palette.hint')}
      </p>
    </Autocomplete>
  );
}

function PaletteResults({ sections, emptyText, onRun }: { sections: readonly Section[]; emptyText: string; onRun: (key: string) => void }) {
  const { t } = useT();
  return (
    // The list scrolls when long; the wrapper takes focus so that scrolling works by keyboard too
    // (the results themselves are reached with the arrows from the field, which keeps focus).
    <div className="palette-list" role="group" aria-label={t('palette.resultsList')} tabIndex={0}>
      <Menu aria-label={t('palette.results')} onAction={(key) => onRun(String(key))} renderEmptyState={() => <p className="palette-empty">{emptyText}</p>}>
        {sections.map((section) => (
          <MenuSection key={section.group} id={section.group} aria-label={section.group}>
            <Header className="palette-group">{section.group}</Header>
            {section.items.map((item) => (
              <MenuItem
                key={`${section.group}:${item.id}`}
                id={`${section.group}:${item.id}`}
                textValue={item.label}
                className="palette-item"
                data-detail={item.detail || undefined}
              >
                <Text slot="label">{item.label}</Text>
                {/* The line is named by its label and described by its detail. The detail is drawn
                    from `data-detail` by CSS and read from a clipped copy, so that no visible word of
                    the line is missing from its name (WCAG 2.5.3, label in name). */}
                {item.detail && (
                  <Text slot="description" className="palette-detail-spoken">
                    {item.detail}
                  </Text>
                )}
              </MenuItem>
            ))}
          </MenuSection>
        ))}
      </Menu>
    </div>
  );
}
