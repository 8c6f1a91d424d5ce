import type { Translate } from '../i18n/useT';
import type { PaletteItem } from './entries';

/**
 * The buttons and menu items the desk shows at the moment the palette opens, offered in the palette
 * as "On this view". Read from the page rather than declared by each view, so that a button added to
 * any view (or the status bar, or the sidebar) is in the palette the day it is added, and Enter on the
 * line does exactly what a click on the button does. The e2e palette-parity spec compares the two on
 * every view with the browser's own accessibility tree.
 */
const ACTIONABLE = 'button, [role="button"], [role="menuitem"], [role="menuitemcheckbox"], [role="menuitemradio"]';

/** Where the clerk's controls are: the topmost open modal dialog if there is one, else the frame. */
function actionRoot(doc: Document): Element | null {
  const dialogs = doc.querySelectorAll('[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]');
  return dialogs.length > 0 ? dialogs[dialogs.length - 1]! : doc.querySelector('.app');
}

function usable(el: HTMLElement): boolean {
  if (el.matches(':disabled') || el.getAttribute('aria-disabled') === 'true') return false;
  if (el.closest('[hidden], [inert], [aria-hidden="true"]')) return false;
  // Also false inside a closed disclosure (<details>), whose content keeps its boxes but is not shown.
  return el.checkVisibility({ visibilityProperty: true });
}

const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** The text of a node as read aloud: aria-hidden parts left out. */
function spokenText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (!(node instanceof Element) || node.getAttribute('aria-hidden') === 'true') return '';
  return [...node.childNodes].map(spokenText).join(node instanceof HTMLElement && getComputedStyle(node).display === 'block' ? ' ' : '');
}

/** A control's name as assistive technology says it (aria-labelledby, aria-label, its text, its title). */
export function accessibleName(el: Element): string {
  const doc = el.ownerDocument;
  const labelledBy = el.getAttribute('aria-labelledby');
  if (labelledBy) {
    const parts = labelledBy
      .split(/\s+/)
      .map((id) => doc.getElementById(id))
      .filter((e): e is HTMLElement => e !== null)
      // A control that names itself among its labels contributes its own label there, not its text.
      .map((part) => (part === el ? ownName(el) : squash(part.getAttribute('aria-label')) || spokenText(part)));
    if (parts.length > 0) return squash(parts.join(' '));
  }
  return ownName(el);
}

function ownName(el: Element): string {
  return squash(el.getAttribute('aria-label')) || squash(spokenText(el)) || squash(el.getAttribute('title'));
}

/** Which of several same-named buttons this is: its table row, its section, or the part of the frame it is in. */
function contextOf(el: Element, t: Translate): string {
  // A column header's button sorts its table: the table names it, not the header row's first cell.
  if (el.closest('th, [role="columnheader"]')) {
    const table = el.closest('table, [role="table"], [role="grid"], [role="treegrid"]');
    return table && (table.hasAttribute('aria-label') || table.hasAttribute('aria-labelledby')) ? accessibleName(table).slice(0, 60) : '';
  }
  const row = el.closest('tr, [role="row"]');
  if (row) {
    const head = row.querySelector('th, [role="rowheader"], td, [role="gridcell"], [role="cell"]');
    if (head && !head.contains(el)) return squash(spokenText(head)).slice(0, 60);
  }
  const region = el.closest('section[aria-label], section[aria-labelledby], [role="region"], fieldset, [role="group"][aria-label]');
  const legend = region?.querySelector(':scope > legend, :scope > h2, :scope > h3, :scope > header h2');
  if (region) return (region.getAttribute('aria-label') ? accessibleName(region) : squash(legend ? spokenText(legend) : '')).slice(0, 60);
  if (el.closest('nav')) return t('palette.context.sidebar');
  if (el.closest('footer, [role="contentinfo"], .status-bar')) return t('palette.context.statusBar');
  return '';
}

export interface ViewAction {
  label: string;
  context: string;
  element: HTMLElement;
}

/** Every usable button and menu item where the clerk is (see above), in page order. */
export function readViewActions(t: Translate, doc: Document = document): ViewAction[] {
  const root = actionRoot(doc);
  if (!root) return [];
  return [...root.querySelectorAll<HTMLElement>(ACTIONABLE)]
    .filter(usable)
    .map((element) => ({ label: actionLabel(element, t), context: contextOf(element, t), element }))
    .filter((a) => a.label.length > 0);
}

/**
 * A button's line: its name, but a column header's button sorts its list, and its name alone
 * ("WRO", "On hand / Item") reads as no action at all.
 */
function actionLabel(element: HTMLElement, t: Translate): string {
  const name = accessibleName(element);
  if (!name || !element.closest('th, [role="columnheader"]')) return name;
  const header = element.closest('th, [role="columnheader"]')!;
  const column = squash(header.getAttribute('aria-label')) || name;
  // A header already named "Sort by …" (in English, until its area's words are in the catalogs) is not said twice.
  return t('palette.sortBy', { column: column.replace(/^Sort by /i, '') });
}

/**
 * The palette's lines for them. Run after the palette has closed and given focus back, so that the
 * button gets focus and the click exactly as if the clerk had pressed it; a button that has gone in the
 * meantime (the view changed) is left alone.
 */
export function viewActionItems(actions: readonly ViewAction[], t: Translate): PaletteItem[] {
  return actions.map((a, i) => ({
    id: `here:${i}`,
    label: a.label,
    detail: a.context || t('palette.context.thisView'),
    keywords: t('palette.onView.keywords'),
    run: () => {
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          if (!a.element.isConnected) return;
          a.element.focus();
          a.element.click();
        }),
      );
    },
  }));
}
