import { useLocation, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A view's h1. After a change of view (a new path, not new filters), focus moves here, so a screen
 * reader announces where the user landed and the keyboard continues from the top of the view. The
 * router may render the new view before or after it reports the navigation, so both sides try.
 */
let pending: { path: string; until: number } | null = null;
const mounted = new Map<HTMLElement, string>();
/** Long enough for a lazy view to load; the router may mount the view's tree more than once meanwhile. */
const FOCUS_WINDOW_MS = 2000;

function focusPending(): void {
  if (pending === null || Date.now() > pending.until) return;
  const active = document.activeElement;
  // Never take focus from something the user (or a dialog) already moved it to; a sidebar link that
  // was just followed gives it up, as a page load would.
  if (active && active !== document.body && !mounted.has(active as HTMLElement) && !active.closest('nav')) return;
  for (const [heading, path] of mounted) {
    if (path === pending.path && heading.isConnected) {
      heading.focus();
      return;
    }
  }
}

/** The shell calls this once: every navigation that changes the path asks for the heading's focus. */
export function useNavigationFocus(): void {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onBeforeNavigate', (event) => {
        if (!event.pathChanged) return;
        pending = { path: event.toLocation.pathname, until: Date.now() + FOCUS_WINDOW_MS };
        requestAnimationFrame(focusPending);
      }),
    [router],
  );
}

export function ViewHeading({ id, children }: { id: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const heading = ref.current;
    if (!heading) return;
    mounted.set(heading, pathname);
    focusPending();
    return () => {
      mounted.delete(heading);
      // Unmounted while focused: the replacement heading takes focus over in its own effect.
      queueMicrotask(focusPending);
    };
  }, [pathname]);
  return (
    <h1 id={id} ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}
