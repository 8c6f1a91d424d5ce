import { call } from '../../bridge/dockdesk';
import { allWorkspaces } from '../registry';

/** The pages Dockdesk may open after sign-in: each workspace's main view, in sidebar order. */
export function startPages(): { id: string; label: string }[] {
  return allWorkspaces()
    .filter((w) => w.status === 'ready')
    .map((w) => ({ id: w.path, label: w.label }));
}

/** Where `/` leads: the start page chosen in Settings when it is a workspace, else Today. */
export async function startPagePath(): Promise<string> {
  try {
    const { settings } = await call('today.settings.get', {});
    return startPages().some((p) => p.id === settings.startPage) ? settings.startPage : '/today';
  } catch {
    return '/today';
  }
}
