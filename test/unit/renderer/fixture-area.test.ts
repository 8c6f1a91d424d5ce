import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { areas } from '../../../renderer/src/areas';
import { paletteActions, paletteSources } from '../../../renderer/src/palette/entries';
import { buildRouteTree } from '../../../renderer/src/router';
import { scanResolvers } from '../../../renderer/src/scan/resolvers';
import { slotsInOrder, statusItems, StatusSlots } from '../../../renderer/src/ui/statusSlots';
import { installAreas } from '../../../renderer/src/workspaces/contributions';
import { allWorkspaces, workspaceForPath } from '../../../renderer/src/workspaces/registry';
import { settingsPanels } from '../../../areas/settings/ui';
import { toScanQuery } from '../../../shared/scan/router';
import { currentWords } from '../../../renderer/src/i18n/useT';
import { fixtureArea } from './fixture-area';

/**
 * A fixture area added to the renderer through the list of areas alone ([...areas, fixtureArea]) is
 * found in every place an area reaches: the route tree (with its typed search), the sidebar and
 * Alt+<n>, the scan resolvers, the palette's sources and actions, Settings' panels, the status bar.
 */
let uninstall: (() => void) | null = null;
afterEach(() => {
  uninstall?.();
  uninstall = null;
});

describe('an area added by contribution', () => {
  it('is in the route tree, with its search schema', async () => {
    const router = createRouter({ routeTree: buildRouteTree([...areas, fixtureArea]), history: createMemoryHistory({ initialEntries: ['/fixture?q=FIX-1'] }) });
    expect(Object.keys(router.routesByPath)).toEqual(expect.arrayContaining(['/fixture', '/receiving', '/inventory/history', '/settings']));
    await router.load();
    expect(router.state.matches.at(-1)?.routeId).toBe('/fixture');
    expect(router.state.location.search).toEqual({ q: 'FIX-1' });
  });

  it('is in the sidebar, the scan router, the palette, Settings and the status bar', async () => {
    uninstall = installAreas([...areas, fixtureArea]);
    expect(allWorkspaces().map((w) => w.id)).toEqual(['today', 'receiving', 'unidentified', 'inventory', 'lots', 'returns', 'settings', 'fixture']);
    expect(workspaceForPath('/fixture')?.shortcut).toBe('Alt+9');

    const resolver = scanResolvers.list().find((e) => e.workspace === 'fixture')?.item;
    expect(resolver?.id).toBe('thing');
    expect(
      await resolver?.resolve(
        { ...toScanQuery({ text: 'FIX-1', raw: 'FIX-1', symbology: null }), asks: new Set(['purchase-order']) },
        new AbortController().signal,
      ),
    ).toEqual([{ label: 'Fixture thing 1', href: '#/fixture?q=FIX-1' }]);

    const source = paletteSources.list().find((e) => e.workspace === 'fixture')?.item;
    expect(await source?.search('fix', new AbortController().signal)).toEqual([{ id: 'thing-1', label: 'Fixture thing 1' }]);
    const { t } = currentWords();
    expect(paletteActions.forWorkspace('fixture').map((a) => a.label(t))).toEqual(['Open the fixture']);

    expect(settingsPanels.forWorkspace('fixture').map((p) => p.id)).toEqual(['fixture-settings']);
    // Its Settings section is offered in the palette with the rest, without Settings naming it.
    expect(paletteActions.list().filter((e) => e.item.label(t) === 'Settings: Fixture')).toHaveLength(1);
    expect(statusItems.forWorkspace('fixture').map((i) => i.slot)).toEqual(['fixture']);
    // Every area's own contributions are there too, once each.
    expect(settingsPanels.list().map((e) => `${e.workspace}.${e.item.id}`)).toEqual([
      'today.today',
      'lots.lot-expiry',
      'returns.return-intake',
      'printing.printers',
      'desks.shared-store',
      'clerks.clerks',
      'fixture.fixture-settings',
    ]);
  });

  it('draws its status item in a slot of its own, placed by the order it carries', () => {
    uninstall = installAreas([fixtureArea]);
    expect(renderToStaticMarkup(createElement(StatusSlots))).toBe(
      '<span class="slot slot-fixture" data-testid="status-fixture"><span>Fixture in the status bar</span></span>',
    );
    uninstall();
    // Among the desk's own items (order 25: after sync progress, before the request budget's wait).
    uninstall = installAreas([...areas, fixtureArea]);
    expect(slotsInOrder(statusItems.list()).map((s) => s.slot)).toEqual(['clerk', 'freshness', 'sync', 'fixture', 'budget', 'outbox', 'desks', 'printing']);
  });

  it('leaves every place when taken out again', () => {
    installAreas([fixtureArea])();
    expect(allWorkspaces()).toEqual([]);
    expect(scanResolvers.list()).toEqual([]);
    expect(statusItems.list()).toEqual([]);
  });
});
