import { call } from '../../../renderer/src/bridge/dockdesk';
import { currentWords, type Translate } from '../../../renderer/src/i18n/useT';
import { allWorkspaces } from '../../../renderer/src/workspaces/registry';

/** The pages Dockdesk may open after sign-in: each workspace's main view, in sidebar order, named in `t`'s language. */
export function startPages(t: Translate = currentWords().t): { id: string; label: string }[] {
  return allWorkspaces()
    .filter((w) => w.status === 'ready')
    .map((w) => ({ id: w.path, label: w.label(t) }));
}

/**
 * Where `/` leads: the start page chosen in Settings when it is a workspace, else Today. Today's
 * code starts loading meanwhile: it is the start page unless another is chosen, and its first paint
 * need not wait for this answer and then for its code.
 */
export async function startPagePath(): Promise<string> {
  void import('./TodayView').catch(() => undefined); // loaded again, and a failure shown, when the view opens
  try {
    const { settings } = await call('today.settings.get', {});
    return startPages().some((p) => p.id === settings.startPage) ? settings.startPage : '/today';
  } catch {
    return '/today';
  }
}
