import { useMatch, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';

/**
 * For a view that moves the address when an answer comes back (a new draft's id, a submit, a stored
 * setting read, a return opened): true while the clerk is still on that view. Between a key that asks
 * for another view (Alt+1) and that view being on screen, the old one stays mounted while the new
 * one's code loads; an answer arriving then must not take the clerk back. The router's latest
 * location holds what the clerk asked for from the key on; the view's own match (not the router's
 * location, which moves to the new one while it loads) says where the view is.
 */
export function useStillHere(): () => boolean {
  const router = useRouter();
  const here = useMatch({ strict: false, select: (match) => match.pathname });
  return useCallback(() => router.latestLocation.pathname === here, [router, here]);
}
