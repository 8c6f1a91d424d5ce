import { useLocation, useMatch, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import { beginViewChange, registerViewHeading, setStillComing, settlingPath } from '../keyboard/viewFocus';

/**
 * A view's h1. It tells the shell's focus model (keyboard/viewFocus.ts) that the view of this path
 * has mounted; the model then moves focus to the view's primary control and announces this title.
 * It stays focusable: the skip link lands here, and a view with no control falls back to it.
 */
export function ViewHeading({ id, children }: { id: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // The path of this view's own match, not the address: while the router moves on, the old view
  // re-renders once with the new address before it unmounts, and must not pass for the new one. A
  // heading the shell itself shows (the sign-in panel) stands for whatever path is open.
  const match = useMatch({ strict: false, shouldThrow: false, select: (m) => ({ routeId: String(m.routeId), pathname: m.pathname }) });
  const location = useLocation();
  const pathname = match?.routeId === '__root__' ? location.pathname : match?.pathname;
  useEffect(() => {
    const heading = ref.current;
    if (!heading || pathname === undefined) return;
    return registerViewHeading(heading, pathname);
  }, [pathname]);
  return (
    <h1 id={id} ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}

/**
 * The shell calls this once: every navigation that changes the path opens a settling time. So does
 * one back to the view on screen while another is still opening (Alt+6 then at once Alt+1): the
 * router, whose view never changed, calls that no change of path, yet the view awaited is no longer
 * the one coming. The focus model also learns here whether a view asked for is still on its way.
 */
export function useNavigationFocus(): void {
  const router = useRouter();
  useEffect(() => {
    // The view of a path is still coming while it is the last one asked for: the router drops a
    // navigation it replaces, and a view that fails to load shows its error view at that path.
    setStillComing((path) => router.latestLocation.pathname === path);
    return router.subscribe('onBeforeNavigate', (event) => {
      const to = event.toLocation.pathname;
      const opening = settlingPath();
      if (event.pathChanged || (opening !== null && opening !== to)) beginViewChange(to);
    });
  }, [router]);
}
