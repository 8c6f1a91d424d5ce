import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../../renderer/src/app/rootRoute';
import { defineArea, type LazyView } from '../../../renderer/src/workspaces/area';
import { settingsPaletteLines } from './paletteLines';

const settingsView: LazyView = () => import('./SettingsWorkspace').then((m) => ({ default: m.SettingsView }));

const settingsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/settings', component: lazyRouteComponent(settingsView) });

/** What Settings adds to the desk: its workspace (open signed out too) and route; other areas add their panels to it. */
export const settingsArea = defineArea({
  id: 'settings',
  workspace: {
    label: (t) => t('settings.title'),
    path: '/settings',
    shortcut: 'Alt+6',
    needsSignIn: false,
    status: 'ready',
    purpose: (t) => t('settings.area.purpose'),
    view: settingsView,
  },
  routes: [settingsRoute],
  paletteActions: settingsPaletteLines,
});
