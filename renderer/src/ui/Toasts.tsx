import { useContext, useEffect, useRef, useState } from 'react';
import {
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
  UNSTABLE_ToastStateContext as ToastStateContext,
  Button,
  Text,
} from 'react-aria-components';
import type { QueuedToast } from 'react-aria-components';
import { flushSync } from 'react-dom';
import { useT } from '../i18n/useT';
import { isTextEntry } from '../keyboard/textEntry';
import { useShortcut } from '../keyboard/useShortcut';
import { useStore } from './store';

export interface ToastMessage {
  title: string;
  description?: string;
  tone?: 'info' | 'success' | 'error';
  /** One thing the clerk can do from the toast (open what it names); the toast closes with it. */
  action?: { label: string; run: () => void };
}

/**
 * The one toast queue (React Aria): announced politely, reachable with F6, each dismissible. Every
 * notice is "visible" to the queue; the region decides how many lines it draws (news always, errors
 * folded when there are many). The region pauses every timer while it is hovered or holds focus, so
 * a notice being read does not leave.
 */
export const toasts = new ToastQueue<ToastMessage>({
  maxVisibleToasts: 100,
  // Updates inside a view transition keep toasts and the page in step.
  wrapUpdate: (fn) => flushSync(fn),
});

/** How long news stays: long enough to read between two scans, short enough not to pile up. */
export const INFO_TOAST_MS = 5000;
/** More notices than this fold their errors into one line with a count (a burst of failed scans is one line, not a wall). */
export const FOLD_AFTER = 3;

/** News goes by itself after five seconds; an error stays until dismissed (its ×, Escape), since it asks for something. */
export function showToast(message: ToastMessage): void {
  toasts.add(message, message.tone === 'error' ? {} : { timeout: INFO_TOAST_MS });
}

const subscribeQueue = (listener: () => void) => toasts.subscribe(listener);
const newestError = () => toasts.visibleToasts.find((t) => t.content.tone === 'error');

/**
 * Escape keeps its meaning in the control that has focus: a field with text clears it, an open
 * popover (a combobox's list) closes. Only an Escape nobody there would use dismisses a notice.
 * (Controls of the primitive kit that take Escape mark it handled, and the shortcut never sees it.)
 */
function escapeBelongsToFocus(): boolean {
  const el = document.activeElement;
  if (!(el instanceof HTMLElement)) return false;
  if (el.getAttribute('aria-expanded') === 'true') return true;
  if (el instanceof HTMLSelectElement) return true;
  if (!isTextEntry(el)) return false;
  return (el.isContentEditable ? (el.textContent ?? '') : (el as HTMLInputElement | HTMLTextAreaElement).value) !== '';
}

/**
 * Escape is the newest error notice's (which it dismisses) rather than the view's: a notice waits for
 * the clerk and the focused control does not use Escape itself. A view's own Escape (a form's) defers
 * to this, so the notice's rule holds everywhere.
 */
export function escapeDismissesNotice(): boolean {
  return newestError() !== undefined && !escapeBelongsToFocus();
}

/**
 * The notices, in the shell's own row between the view and the status bar: they take room from the
 * view instead of lying over it, so they never cover a table's row, a dialog (above the page) or
 * the status bar. The region is React Aria's (portalled to the body); the shell's row is kept as
 * tall as it is.
 */
export function Toasts() {
  const [region, setRegion] = useState<HTMLDivElement | null>(null);
  useReservedRow(region);
  const { t } = useT();
  useShortcut({
    keys: 'Escape',
    description: t('ui.notices.dismissNewest'),
    group: t('ui.notices.group'),
    inFields: true,
    when: escapeDismissesNotice,
    handler: () => {
      const error = newestError();
      if (error) toasts.close(error.key);
    },
  });
  const backTo = useFocusBeforeNotices(region);
  return (
    <ToastRegion queue={toasts} className="toasts" ref={setRegion} data-testid="notices">
      <NoticeList backTo={backTo} />
    </ToastRegion>
  );
}

/**
 * Where the clerk was before moving into the notices (a list's row, a field): when the control they
 * used there goes away with the notices, focus returns to it instead of falling to the page.
 */
function useFocusBeforeNotices(region: HTMLElement | null): () => void {
  const before = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const seen = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && !region?.contains(event.target)) before.current = event.target;
    };
    document.addEventListener('focusin', seen);
    return () => document.removeEventListener('focusin', seen);
  }, [region]);
  return () => {
    if (before.current?.isConnected) before.current.focus();
  };
}

function NoticeList({ backTo }: { backTo: () => void }) {
  const { t } = useT();
  const state = useContext(ToastStateContext);
  useStore({ get: () => toasts.visibleToasts, subscribe: subscribeQueue });
  const all = (state?.visibleToasts ?? []) as QueuedToast<ToastMessage>[];
  const errors = all.filter((t) => t.content.tone === 'error');
  // Opened for the stack of that moment: once its errors are all gone, the next stack starts folded.
  const [openedWith, setOpenedWith] = useState<string[]>([]);
  const expanded = errors.some((t) => openedWith.includes(t.key));
  // News keeps its own line (its timer runs only while it is drawn); errors fold.
  const folded = !expanded && all.length > FOLD_AFTER && errors.length > 1;
  const shown = folded ? all.filter((t) => t.content.tone !== 'error') : all;
  const list = useRef<HTMLOListElement>(null);
  // The button pressed is gone once the line folds or unfolds: focus goes to the new line's first button.
  const toggle = (keys: string[], then: 'fold' | 'unfold') => {
    flushSync(() => setOpenedWith(keys));
    list.current?.querySelector<HTMLButtonElement>(`[data-focus-after="${then}"]`)?.focus();
  };
  const dismissAll = () => {
    errors.forEach((t) => toasts.close(t.key));
    backTo();
  };
  return (
    <ol className="toast-list" ref={list}>
      {shown.map((toast) => (
        <li key={toast.key}>
          <Notice toast={toast} />
        </li>
      ))}
      {folded && (
        <li className="toast toast-error toast-summary" data-testid="notices-folded">
          <span className="toast-text">
            <strong>{t('ui.notices.errors', { count: errors.length })}</strong>
            <span className="toast-description">{t('ui.notices.newest', { title: errors[0]!.content.title })}</span>
          </span>
          <button
            type="button"
            className="toast-action"
            data-focus-after="fold"
            onClick={() =>
              toggle(
                errors.map((t) => t.key),
                'unfold',
              )
            }
          >
            {t('ui.notices.showAll', { count: errors.length })}
          </button>
          <button type="button" className="toast-action" onClick={dismissAll}>
            {t('ui.notices.dismissAll')}
          </button>
        </li>
      )}
      {expanded && errors.length > 1 && (
        <li className="toast-list-tools">
          <button type="button" className="quiet" data-focus-after="unfold" onClick={dismissAll}>
            {t('ui.notices.dismissAllErrors', { count: errors.length })}
          </button>
          <button type="button" className="quiet" onClick={() => toggle([], 'fold')}>
            {t('ui.notices.fold')}
          </button>
        </li>
      )}
    </ol>
  );
}

function Notice({ toast }: { toast: QueuedToast<ToastMessage> }) {
  const { t } = useT();
  return (
    <Toast toast={toast} className={`toast toast-${toast.content.tone ?? 'info'}`}>
      <ToastContent className="toast-text">
        <Text slot="title">{toast.content.title}</Text>
        {toast.content.description && (
          <Text slot="description" className="toast-description">
            {toast.content.description}
          </Text>
        )}
      </ToastContent>
      {toast.content.action && (
        <Button
          className="toast-action"
          onPress={() => {
            toasts.close(toast.key);
            toast.content.action!.run();
          }}
        >
          {toast.content.action.label}
        </Button>
      )}
      <Button slot="close" aria-label={t('ui.notices.dismiss')}>
        ×
      </Button>
    </Toast>
  );
}

/**
 * Keeps the shell's notice row (`--notices-height`) as tall as the region, and the control being
 * worked on (a list's row) in sight when the view gets shorter.
 */
function useReservedRow(region: HTMLDivElement | null) {
  useEffect(() => {
    const reserve = (height: number) => document.documentElement.style.setProperty('--notices-height', `${Math.ceil(height)}px`);
    if (!region || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver((entries) => {
      reserve(entries[0]?.borderBoxSize[0]?.blockSize ?? region.offsetHeight);
      const active = document.activeElement;
      if (active instanceof HTMLElement && active.closest('#content')) active.scrollIntoView({ block: 'nearest' });
    });
    observer.observe(region);
    return () => {
      observer.disconnect();
      reserve(0);
    };
  }, [region]);
}
