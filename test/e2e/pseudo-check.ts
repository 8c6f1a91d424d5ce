import type { Page } from '@playwright/test';
import { DEMO_USER } from '../../emulator/auth/registry.js';
import { LANGUAGES } from '../../shared/i18n/locales.js';
import { DATA_COLLECTIONS } from '../../emulator/control-types.js';
import { INJECTED_UNAVAILABLE } from '../../emulator/http/hooks.js';
import type { BrowserHost } from '../../electron/host/browser-host.js';

/**
 * The pseudo-locale's checks on a page as it stands. In the pseudo-locale every message of the
 * catalogs is accented, padded to about 140 % and marked ⟦ … ⟧, so what a clerk sees outside the
 * marks is either data (a name, a SKU, a lot, a date Intl wrote) or a word no catalog gave; and a
 * message whose longer text does not fit its box shows the layout would cut a translation off.
 */

/**
 * Every string the service holds (names, SKUs, lots, addresses, notes, tracking numbers), its own
 * words for an outage, the signed-in account (and the emulator's demo password its sign-in page
 * shows) and the desk's environments: data, shown as it is in every language.
 */
export async function dataStrings(host: BrowserHost): Promise<string[]> {
  // The account as its identity token names it, and the languages' own names (never translated).
  const found = new Set<string>([
    DEMO_USER.email,
    `${DEMO_USER.name} <${DEMO_USER.email}>`,
    DEMO_USER.password,
    INJECTED_UNAVAILABLE,
    ...Object.values(LANGUAGES).map((l) => l.name),
  ]);
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (/[A-Za-z]/.test(value)) found.add(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const collection of DATA_COLLECTIONS) walk(await host.core.emulator.control.data(collection));
  walk(await host.core.dispatch('environments.list', {}));
  return [...found];
}

/**
 * The visible texts left with a Latin letter once every ⟦…⟧ run is taken out, and not data; and
 * the words inside a run that are not data (an argument main wrote in English, say). The
 * texts are read in document order and joined, so a message split by its tags (⟦Open <b>5012</b>
 * now⟧) is taken out whole; a run holding another (an argument that is a message) as well.
 */
export function untranslatedTexts(page: Page, data: readonly string[]): Promise<string[]> {
  return page.evaluate((data) => {
    const SEPARATOR = '\u0001';
    const pieces: string[] = [];
    // Where each piece was, so a report says which element holds the untranslated words.
    const places: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, template, noscript')) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const text = node.textContent ?? '';
      if (!text.trim()) continue;
      pieces.push(text);
      const holder = parent.closest('[class]') ?? parent;
      places.push(`${holder.tagName.toLowerCase()}${typeof holder.className === 'string' && holder.className ? `.${holder.className.split(' ')[0]}` : ''}`);
    }
    // What Intl writes in the pseudo-locale (an English variant): month, weekday and time zone
    // names, AM/PM; and React Aria's date field placeholders.
    const locale = document.documentElement.lang;
    const intlWords = new Set<string>(['AM', 'PM', 'UTC', 'GMT', 'mm', 'dd', 'yyyy']);
    for (const timeZone of Intl.supportedValuesOf('timeZone'))
      for (const month of [0, 6])
        for (const part of new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(new Date(2026, month, 15)))
          if (part.type === 'timeZoneName') intlWords.add(part.value);
    for (let m = 0; m < 12; m++)
      for (const month of ['short', 'long'] as const) intlWords.add(new Intl.DateTimeFormat(locale, { month }).format(new Date(2026, m, 15)));
    for (let d = 0; d < 7; d++)
      for (const weekday of ['short', 'long'] as const) intlWords.add(new Intl.DateTimeFormat(locale, { weekday }).format(new Date(2026, 10, 1 + d)));
    // A key as the keyboard names it (Alt+1, Ctrl+K, Enter): the desk names keys as they are printed.
    const KEY =
      /^(?:(?:Ctrl|Alt|Shift|Meta|Cmd)\+)*(?:[A-Za-z0-9←→↑↓]|F\d{1,2}|Enter|Escape|Esc|Tab|Space|Backspace|Delete|Home|End|Page|Up|Down|PageUp|PageDown)$/;
    const isData = (segment: string) => KEY.test(segment) || intlWords.has(segment) || data.some((value) => value.includes(segment));
    // Words in a text: split at spaces and punctuation, those with a Latin letter.
    const wordsOf = (text: string) => text.split(/\s*[·,;:|()[\]{}"“”„«»…]\s*|\s+[–—-]\s+|\s+/).filter((w) => /[A-Za-z]/.test(w));
    // A date Intl wrote ("Nov 25, 2026, 3:04 PM") splits into words each Intl's own.
    const foreign = (word: string) => !isData(word) && !isData(word.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, ''));
    // Inside a mark every letter of the message's own text is accented: a Latin letter there is an
    // argument's, and an argument that is not data is a sentence main made in English.
    const inside: string[] = [];
    let all = pieces.join(SEPARATOR);
    for (let before = ''; before !== all;) {
      before = all;
      // A mark can span text nodes (a bold word inside a sentence): its separators stay, so the
      // pieces left still line up with where they were.
      all = all.replace(/⟦[^⟦⟧]*⟧/g, (mark) => {
        const words = wordsOf(mark.replaceAll(SEPARATOR, ' ')).filter(foreign);
        if (words.length > 0) inside.push(`${words.join(' ')} (inside ${mark.replaceAll(SEPARATOR, '').slice(0, 80)})`);
        return SEPARATOR.repeat(mark.split(SEPARATOR).length - 1);
      });
    }
    const left: string[] = [];
    for (const [i, piece] of all.split(SEPARATOR).entries()) {
      const segments = wordsOf(piece);
      if (segments.some(foreign)) left.push(`${piece.trim()} (in ${places[i]})`);
    }
    return [...new Set([...left, ...inside])];
  }, data);
}

/**
 * The desk's words (a ⟦marked⟧ text) that do not fit their box: cut by an ancestor that hides what
 * overflows (overflow hidden or clip, or an ellipsis), or spilling out of the button, tab, badge,
 * heading cell or label that holds them. A scrolling area is left alone: it shows the rest on scroll.
 */
export function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const HOLDERS = 'button, [role="button"], [role="tab"], [role="menuitem"], [role="option"], a, label, th, .status, .badge, kbd';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent ?? '';
      if (!parent || (!text.includes('⟦') && !text.includes('⟧'))) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width === 0) continue;
      const name = text.trim().slice(0, 60);
      for (let el: Element | null = parent; el && el !== document.body; el = el.parentElement) {
        const style = getComputedStyle(el);
        const hides = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
        const r = el.getBoundingClientRect();
        // Visually hidden for screen readers only (a live region, a skip link at rest): not on screen.
        if (hides && (r.width <= 1 || r.height <= 1)) break;
        if (hides && (box.right > r.right + 1 || box.left < r.left - 1 || el.scrollWidth > el.clientWidth + 1)) {
          found.push(`${name} (cut by ${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''})`);
          break;
        }
        if (['auto', 'scroll'].includes(style.overflowX)) break;
        if (el === parent.closest(HOLDERS) && (box.right > r.right + 1 || box.left < r.left - 1)) {
          found.push(`${name} (spills out of ${el.tagName.toLowerCase()})`);
          break;
        }
      }
    }
    // A list or a dialog that scrolls sideways hides whole columns: as cut off as a clipped word.
    for (const box of document.querySelectorAll<HTMLElement>('.data-table, .modal'))
      if (box.checkVisibility() && box.scrollWidth > box.clientWidth + 1) {
        const name = box.querySelector('table')?.getAttribute('aria-label') ?? box.querySelector('h2')?.textContent ?? '';
        found.push(`${box.classList.contains('modal') ? 'dialog' : 'table'} ${name} (wider than its box by ${box.scrollWidth - box.clientWidth} px)`);
      }
    return [...new Set(found)];
  });
}

/**
 * What a clerk at the window's size reads as broken layout, in any language (the pseudo-locale's
 * marks not needed): the status bar on more than one line; a code (a SKU, lot or tracking number:
 * capitals and digits, hyphens between) broken across two lines; a button, tab, option or heading
 * whose words are cut off; a list box (a select) narrower than its longest option.
 */
export function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    const textNodes = function* (root: Element) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (parent && !parent.closest('script, style, template, noscript, .visually-hidden, .sr-only') && visible(parent) && node.textContent?.trim())
          yield node as Text;
      }
    };
    const linesOf = (range: Range) => new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top + r.height / 2))).size;

    const bar = document.querySelector('.status-bar');
    // While it tells a wait for the request limit (what waits, how long), the bar may take a second
    // line, every item whole (ARCHITECTURE, Notices): the wait is the news, and it passes.
    const waitTold = bar?.querySelector('[data-testid="request-budget-wait"]');
    if (bar && visible(bar) && !(waitTold && visible(waitTold))) {
      const middles: number[] = [];
      for (const node of textNodes(bar)) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 0) middles.push(r.top + r.height / 2);
      }
      if (middles.length && Math.max(...middles) - Math.min(...middles) > 6)
        found.push(`the status bar is on more than one line: ${(bar.textContent ?? '').replace(/\s+/g, ' ').trim()}`);
    }

    const CODE = /[A-Z0-9][A-Z0-9-]{4,}[A-Z0-9]/g;
    for (const node of textNodes(document.body)) {
      const text = node.textContent ?? '';
      for (const m of text.matchAll(CODE)) {
        if (!/\d/.test(m[0]) || !/[A-Z]|-/.test(m[0])) continue;
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        if (linesOf(range) > 1) found.push(`code ${m[0]} broken across lines`);
      }
    }

    for (const el of document.querySelectorAll<HTMLElement>('button, [role="tab"], [role="option"], [role="menuitem"], th, .badge, label')) {
      if (!visible(el) || el.closest('.visually-hidden, .sr-only')) continue;
      const style = getComputedStyle(el);
      const hides = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      if (hides && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 1) found.push(`"${(el.textContent ?? '').trim().slice(0, 60)}" cut off`);
    }

    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const select of document.querySelectorAll<HTMLSelectElement>('select')) {
      if (!visible(select)) continue;
      const style = getComputedStyle(select);
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20; // the arrow's room
      for (const option of select.options) {
        const text = option.text.trim();
        if (canvas.measureText(text).width > room + 1) {
          found.push(`option "${text.slice(0, 60)}" cut off in its list box`);
          break;
        }
      }
    }
    return [...new Set(found)];
  });
}
