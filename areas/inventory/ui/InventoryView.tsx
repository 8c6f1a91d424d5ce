import { useRef, type RefObject } from 'react';
import { visibleControls } from '../../../shared/scan/router';
import { useT } from '../../../renderer/src/i18n/useT';
import { ErrorNote } from '../../../renderer/src/ui/ErrorNote';
import { Pager } from '../../../renderer/src/ui/Pager';
import { ViewHeading } from '../../../renderer/src/ui/ViewHeading';
import { FreshnessMark } from './Freshness';
import { Results } from './InventoryResults';
import { INVENTORY_PAGE_SIZE } from './search';
import { useInventoryController, type InventoryController } from './useInventoryController';
import './inventory.css';

/**
 * Inventory: one field for typed text or a scan. Typing searches names and SKUs as you type (ranked
 * exact, prefix, substring; paged by main) and looks the text up as a code at the same time; Enter or
 * a scan opens the item when the code names exactly one. Every answer says how fresh the cache is.
 */
export function InventoryView() {
  // The field is uncontrolled and what it holds reaches React as a transition: a key (a scanner's
  // included) is handled by the browser at once and never waits for the view to render.
  const field = useRef<HTMLInputElement>(null);
  const c = useInventoryController(field);
  const { t } = useT();
  return (
    <section className="workspace list inventory" aria-labelledby="inventory-title">
      <SearchHeader c={c} field={field} />
      <p id="inventory-search-hint" className="muted search-hint">
        {t('inventory.searchHint')}
        {c.freshness && (
          <>
            {' '}
            <FreshnessMark freshness={c.freshness} />
          </>
        )}
      </p>
      {c.syncError !== null && <ErrorNote error={c.syncError} prefix={t('inventory.syncStartFailed')} />}
      {c.state.notFound !== null && (
        <p className="note" role="status">
          {t('inventory.codeNamesNoItem', { code: visibleControls(c.state.notFound), listed: c.rows.length > 0 ? 'yes' : 'no' })}
        </p>
      )}
      <Results
        text={c.text}
        rows={c.shownRows}
        data={c.shownData}
        pending={c.results.isPending}
        error={c.results.isError && !c.results.data ? c.results.error : null}
        sorting={c.sorting}
        onSortingChange={c.setSorting}
        onOpen={c.openRow}
        page={c.page}
      />
      {c.text && c.total > INVENTORY_PAGE_SIZE && (
        <Pager
          label={t('inventory.resultPages')}
          page={c.page}
          totalPages={c.pages}
          totalCount={c.total}
          unit="item"
          orMore={c.results.data?.totalCapped === true}
          onPage={c.setPage}
        />
      )}
    </section>
  );
}

function SearchHeader({ c, field }: { c: InventoryController; field: RefObject<HTMLInputElement | null> }) {
  const { t } = useT();
  return (
    <header className="workspace-header">
      <ViewHeading id="inventory-title">{t('inventory.title')}</ViewHeading>
      <form
        className="filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          c.submit();
        }}
      >
        <label className="inline-field item-search">
          <span>{t('inventory.field')}</span>
          <input
            ref={field}
            type="search"
            defaultValue={c.state.typed}
            onChange={(e) => c.onType(e.target.value)}
            placeholder={t('inventory.field.placeholder')}
            aria-describedby="inventory-search-hint"
            maxLength={200}
            spellCheck={false}
            autoComplete="off"
          />
        </label>
        <button type="submit">{t('inventory.open')}</button>
      </form>
      <button type="button" disabled={c.syncing} onClick={c.sync}>
        {c.syncing ? t('inventory.syncing') : t('inventory.syncNow')}
      </button>
    </header>
  );
}
