import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from '../../../renderer/src/app/rootRoute';
import { defineArea } from '../../../renderer/src/workspaces/area';

/** A fixture area's renderer part (what areas/<area>/ui/<area>.contribution.tsx holds). */
export const FixtureSearch = z.object({ q: z.string().max(20).optional().catch(undefined) });

const fixtureRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/fixture',
  validateSearch: (raw: Record<string, unknown>) => FixtureSearch.parse(raw),
  component: () => <p>Fixture view</p>,
});

export const fixtureArea = defineArea({
  id: 'fixture',
  workspace: {
    label: () => 'Fixture',
    path: '/fixture',
    shortcut: 'Alt+9',
    needsSignIn: false,
    status: 'ready',
    purpose: () => 'A fixture area of the tests.',
    view: async () => ({ default: () => <p>Fixture view</p> }),
  },
  routes: [fixtureRoute],
  scanResolvers: [
    { id: 'thing', looksFor: ['purchase-order'], resolve: async (q) => (q.text === 'FIX-1' ? [{ label: 'Fixture thing 1', href: '#/fixture?q=FIX-1' }] : []) },
  ],
  paletteSources: [{ id: 'things', group: () => 'Fixture things', search: (query) => (query === 'fix' ? [{ id: 'thing-1', label: 'Fixture thing 1' }] : []) }],
  paletteActions: [{ id: 'fixture-open', label: () => 'Open the fixture', href: '#/fixture' }],
  settingsPanels: [{ id: 'fixture-settings', title: () => 'Fixture', component: () => <p>Fixture settings</p> }],
  statusItems: [{ slot: 'fixture', order: 25, component: () => <span>Fixture in the status bar</span> }],
});
