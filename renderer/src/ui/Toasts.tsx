import {
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
  Button,
  Text,
} from 'react-aria-components';
import { flushSync } from 'react-dom';

export interface ToastMessage {
  title: string;
  description?: string;
  tone?: 'info' | 'success' | 'error';
  /** One thing the clerk can do from the toast (open what it names); the toast closes with it. */
  action?: { label: string; run: () => void };
}

/**
 * The one toast queue (React Aria): announced politely, reachable with F6, each dismissible. At most
 * three show at once, stacked (the rest wait their turn); the region pauses every timer while it is
 * hovered or holds focus, so a toast being read does not leave.
 */
export const toasts = new ToastQueue<ToastMessage>({
  maxVisibleToasts: 3,
  // Updates inside a view transition keep toasts and the page in step.
  wrapUpdate: (fn) => flushSync(fn),
});

/** How long news stays: long enough to read between two scans, short enough not to pile up. */
export const INFO_TOAST_MS = 5000;

/** News goes by itself after five seconds; an error stays until dismissed, since it asks for something. */
export function showToast(message: ToastMessage): void {
  toasts.add(message, message.tone === 'error' ? {} : { timeout: INFO_TOAST_MS });
}

export function Toasts() {
  return (
    <ToastRegion queue={toasts} className="toasts">
      {({ toast }) => (
        <Toast toast={toast} className={`toast toast-${toast.content.tone ?? 'info'}`}>
          <ToastContent>
            <Text slot="title">{toast.content.title}</Text>
            {toast.content.description && <Text slot="description">{toast.content.description}</Text>}
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
          <Button slot="close" aria-label="Dismiss">
            ×
          </Button>
        </Toast>
      )}
    </ToastRegion>
  );
}
