import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../../renderer/src/app/rootRoute';
import { defineArea } from '../../../renderer/src/workspaces/area';

const shiftRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/shift',
  component: lazyRouteComponent(() => import('./ShiftView'), 'ShiftView'),
});

/**
 * What the end of a shift adds to the desk: its view (the report, per clerk, and the handover note),
 * opened from the palette ("End of shift") at the shift's end rather than kept in the sidebar.
 */
export const shiftArea = defineArea({
  id: 'shift',
  routes: [shiftRoute],
  paletteActions: [
    {
      id: 'end-of-shift',
      label: (t) => t('shift.palette.line'),
      detail: (t) => t('shift.palette.detail'),
      keywords: (t) => t('shift.palette.keywords'),
      href: '#/shift',
    },
  ],
});
