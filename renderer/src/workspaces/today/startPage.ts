import { call } from '../../bridge/dockdesk';

/**
 * The pages Dockdesk may open after sign-in: Today and each workspace's main view, in sidebar order.
 * Written out here because Settings (which offers them) is itself a view the workspace list loads;
 * a unit test holds it equal to that list.
 */
export const START_PAGES = [
  { id: '/today', label: 'Today' },
  { id: '/receiving', label: 'Receiving' },
  { id: '/unidentified', label: 'Unidentified receipts' },
  { id: '/inventory', label: 'Inventory' },
  { id: '/lots', label: 'Lot exclusions' },
  { id: '/returns', label: 'Returns' },
  { id: '/settings', label: 'Settings' },
] as const;

/** Where `/` leads: the start page chosen in Settings when it is one of the above, else Today. */
export async function startPagePath(): Promise<string> {
  try {
    const { settings } = await call('today.settings.get', {});
    return START_PAGES.some((p) => p.id === settings.startPage) ? settings.startPage : '/today';
  } catch {
    return '/today';
  }
}
