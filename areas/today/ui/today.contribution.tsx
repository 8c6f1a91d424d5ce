import type { SessionState } from '../../../shared/schemas/session';
import { rootRoute } from '../../../renderer/src/app/rootRoute';
import { defineArea, type LazyView } from '../../../renderer/src/workspaces/area';
import { todayRoutes } from './routes';
import { startPagePath } from './startPage';
import { TodaySettingsPanel } from './TodaySettingsPanel';

const todayView: LazyView = () => import('./TodayView').then((m) => ({ default: m.TodayView }));

/** Settings → Today: the start page and the low-stock threshold, kept per account's desk. */
function TodaySettings({ session }: { session: SessionState }) {
  return session.status === 'signed-in' ? <TodaySettingsPanel /> : null;
}

/**
 * Today, the start page: what arrives today, what waits on the desk, the stock that needs attention.
 * It decides where `/` leads (the start page chosen in Settings, Today unless another is chosen).
 */
export const todayArea = defineArea({
  id: 'today',
  workspace: {
    label: (t) => t('today.title'),
    path: '/today',
    shortcut: 'Alt+0',
    needsSignIn: true,
    status: 'ready',
    purpose: (t) => t('today.area.purpose'),
    view: todayView,
  },
  routes: todayRoutes(rootRoute),
  settingsPanels: [{ id: 'today', title: (t) => t('today.title'), component: TodaySettings }],
  startPage: startPagePath,
});
