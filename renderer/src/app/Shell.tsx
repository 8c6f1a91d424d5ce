import { Link, Outlet, useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AppNotice } from '../../../shared/ipc/app';
import { call } from '../bridge/dockdesk';
import { registerShortcut } from '../keyboard/shortcuts';
import { useShortcut } from '../keyboard/useShortcut';
import { ShortcutsSheet } from '../keyboard/ShortcutsSheet';
import { SignInPanel } from '../session/SignInPanel';
import { useAppInfo, useSession } from '../session/useSession';
import { StatusBar } from '../StatusBar';
import { ErrorNote } from '../ui/ErrorNote';
import { Toasts } from '../ui/Toasts';
import { CommandPalette } from '../palette/CommandPalette';
import { ScanProvider } from '../scan/ScanProvider';
import { SignOutConfirm } from '../session/SignOut';
import { useNavigationFocus } from '../ui/ViewHeading';
import { beginViewChange, keepFocusInView, setViewAnnouncer } from '../keyboard/viewFocus';
import { allWorkspaces, workspaceForPath, type Workspace } from '../workspaces/registry';
import { sentences } from '../i18n/sentences';
import { useT, type Translate } from '../i18n/useT';
import { useAccountKey } from './accountKey';
import { useRememberAddress } from './rememberAddress';

/** The product's name: the same in every language. */
const PRODUCT_NAME = 'Dockdesk';

/** The frame around every view: skip link, sidebar, notices, the view, the status bar. */
export function Shell() {
  const session = useSession();
  const info = useAppInfo();
  const router = useRouter();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = workspaceForPath(pathname);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [bannerDismissed, setBannerDismissed] = useState(false);
  const { t, rich, said } = useT();
  useRememberAddress();
  useNavigationFocus();
  useEffect(keepFocusInView, []);

  const navigation = t('shell.key.navigation');
  useShortcut({ keys: 'Alt+ArrowLeft', description: t('shell.key.back'), group: navigation, inFields: true, handler: () => router.history.back() });
  useShortcut({ keys: 'Alt+ArrowRight', description: t('shell.key.forward'), group: navigation, inFields: true, handler: () => router.history.forward() });
  useShortcut({ keys: '?', description: t('shell.key.shortcuts'), handler: () => setSheetOpen(true) });
  useWorkspaceShortcuts(t, (w) => {
    // The focus model is told at once, that it was the view's shortcut (the router sees no change when
    // the view on screen is asked for again, and tells its own later); a failed navigation the router
    // reports itself, so nothing here waits for it.
    beginViewChange(w.path, { byShortcut: true });
    if (w.path !== pathname) void navigate({ to: w.path });
  });
  useMouseBackForward(router.history);
  usePreloadWorkspaces(session.data?.status === 'signed-in');
  const gated = Boolean(current?.needsSignIn && session.data && session.data.status !== 'signed-in');
  useFocusAfterSignIn(gated, pathname);

  if (session.isPending) {
    return (
      <p className="state" role="status">
        {t('shell.starting')}
      </p>
    );
  }
  if (session.isError) {
    return (
      <main className="fatal">
        <h1>{t('shell.startFailed')}</h1>
        <ErrorNote error={session.error} />
      </main>
    );
  }
  const state = session.data;

  return (
    <div className="app">
      <a className="skip-link" href="#content" onClick={skipToContent}>
        {t('shell.skipToContent')}
      </a>
      <Sidebar current={current} onHelp={() => setSheetOpen(true)} />
      <main className="content" id="content" tabIndex={-1}>
        {info.data?.notice && !bannerDismissed && (
          <p className="banner" role="note">
            <span>{said(info.data.notice)}</span>
            <button type="button" className="quiet" onClick={() => setBannerDismissed(true)} aria-label={t('shell.dismissNotice')}>
              ×
            </button>
          </p>
        )}
        {info.data?.notices.map((n) => (
          <OnceNotice key={n.id} notice={n} />
        ))}
        {state.channelChoices.length > 0 && current?.id !== 'settings' && (
          <p className="note" role="note">
            {rich('shell.channelChoice', { link: (chunks) => <Link to="/settings">{chunks}</Link> })}
          </p>
        )}
        {gated ? <SignInPanel session={state} /> : <Outlet />}
      </main>
      {/* The focus model says the title of each view it opens here (focus itself goes to the view's primary control). */}
      <p className="view-announcer" aria-live="polite" ref={setViewAnnouncer} data-testid="view-announcer" />
      <StatusBar session={state} />
      <ShortcutsSheet isOpen={sheetOpen} onOpenChange={setSheetOpen} />
      <Toasts />
      <ScanProvider />
      <CommandPalette />
      <SignOutConfirm />
    </div>
  );
}

/** Every area's workspace, in the areas' order, and the way to the shortcuts sheet. */
function Sidebar({ current, onHelp }: { current: Workspace | undefined; onHelp: () => void }) {
  const { t, rich } = useT();
  return (
    <nav className="sidebar" aria-label={t('shell.workspaces')}>
      <div className="brand">{PRODUCT_NAME}</div>
      <ul>
        {allWorkspaces().map((w) => (
          <li key={w.id}>
            <Link
              to={w.path}
              aria-current={current?.id === w.id ? 'page' : undefined}
              title={w.shortcut}
              className={w.status === 'coming' ? 'coming' : undefined}
            >
              {w.label(t)}
            </Link>
          </li>
        ))}
      </ul>
      <button type="button" className="sidebar-help" onClick={onHelp}>
        {rich('shell.keyboardShortcuts', { kbd: (chunks) => <kbd>{chunks}</kbd> })}
      </button>
    </nav>
  );
}

function skipToContent(event: React.MouseEvent) {
  // The hash router owns the fragment: move focus instead of following "#content".
  event.preventDefault();
  const heading = document.querySelector<HTMLElement>('#content h1');
  (heading ?? document.getElementById('content'))?.focus();
}

/** Alt+<n> for every workspace; worded again when the language changes (the shortcuts sheet lists them). */
function useWorkspaceShortcuts(t: Translate, go: (w: Workspace) => void) {
  const latest = useRef(go);
  useEffect(() => {
    latest.current = go;
  });
  useEffect(() => {
    const group = t('shell.key.navigation');
    const removers = allWorkspaces().map((w) =>
      registerShortcut({ keys: w.shortcut, description: t('shell.key.goTo', { view: w.label(t) }), group, inFields: true, handler: () => latest.current(w) }),
    );
    return () => removers.forEach((r) => r());
  }, [t]);
}

/**
 * Signed in, the view behind the sign-in panel appears without a change of path: it opens like any
 * view, so its primary control (Today's first tile) takes focus and the keys typed meanwhile.
 */
function useFocusAfterSignIn(gated: boolean, pathname: string) {
  const wasGated = useRef(gated);
  useEffect(() => {
    if (wasGated.current && !gated) beginViewChange(pathname);
    wasGated.current = gated;
  }, [gated, pathname]);
}

/**
 * Once the page is idle after start (and after each sign-in), loads every workspace's view code and
 * what its main view reads before it can ask for rows, so a first switch to a workspace waits for
 * its rows only (the views are split per workspace to keep the start small).
 */
function usePreloadWorkspaces(signedIn: boolean) {
  const client = useQueryClient();
  const account = useAccountKey();
  const environment = account[1];
  useEffect(() => {
    const load = () => {
      for (const w of allWorkspaces()) {
        void w.view?.().catch(() => undefined); // a view that fails to preload is loaded again, and its failure shown, when visited
        // Account data only for a signed-in session: what it reads belongs to that account.
        if (signedIn) w.prefetch?.(client, ['account', environment]).catch(() => undefined);
      }
    };
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(load, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const t = setTimeout(load, 500);
    return () => clearTimeout(t);
  }, [client, environment, signedIn]);
}

/** Mouse buttons 4 and 5 (back, forward); Electron does not map them to history by itself. */
function useMouseBackForward(history: { back: () => void; forward: () => void }) {
  useEffect(() => {
    const onMouseUp = (event: MouseEvent) => {
      if (event.button === 3) {
        event.preventDefault();
        history.back();
      } else if (event.button === 4) {
        event.preventDefault();
        history.forward();
      }
    };
    window.addEventListener('mouseup', onMouseUp);
    return () => window.removeEventListener('mouseup', onMouseUp);
  }, [history]);
}

/** Told once (for example a settings file that could not be read): dismissing it tells main, which does not show it again. */
function OnceNotice({ notice }: { notice: AppNotice }) {
  const queryClient = useQueryClient();
  const { t, said } = useT();
  const dismiss = async () => {
    await call('app.dismissNotice', { id: notice.id });
    await queryClient.invalidateQueries({ queryKey: ['app', 'info'] });
  };
  return (
    <div className="note once-notice" role="alert" data-testid={`notice-${notice.id}`}>
      <p>{sentences(said, notice.said)}</p>
      <button type="button" onClick={() => void dismiss()}>
        {t('shell.dismiss')}
      </button>
    </div>
  );
}
