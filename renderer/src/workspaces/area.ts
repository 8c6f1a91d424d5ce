import type { AnyRoute } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import type { PaletteAction, PaletteSource } from '../palette/entries';
import type { ScanResolverEntry } from '../scan/resolvers';
import type { StatusItem } from '../ui/statusSlots';
import type { Workspace } from './registry';
import type { SettingsPanel } from '../../../areas/settings/ui';

/**
 * Everything an area adds to the desk, declared in one file (areas/<id>/ui/<id>.contribution.tsx)
 * and listed once in renderer/src/areas.ts. Every part is optional: an area brings what it has.
 * The route tree, the sidebar and Alt+<n>, the palette, the scan router, Settings and the status bar
 * all read the list; none of them names an area.
 */
export interface Area<R extends readonly AnyRoute[] = readonly AnyRoute[]> {
  /** The area's name; scan resolvers and palette sources are known as `<id>.<their id>`. */
  id: string;
  /** Its entry in the sidebar (label, path, Alt+<n>, sign-in gate, the main view loaded on first visit). */
  workspace?: Omit<Workspace, 'id'>;
  /** Its routes, each created with `getParentRoute: () => rootRoute` (app/rootRoute.ts). */
  routes?: R;
  /** Look-ups a scan anywhere is offered to (a code in, candidate records out). */
  scanResolvers?: readonly ScanResolverEntry[];
  /** Records found for what is typed in the command palette. */
  paletteSources?: readonly PaletteSource[];
  /** Fixed palette lines: a view to open or something to do. */
  paletteActions?: readonly PaletteAction[];
  /** Sections of Settings, after Settings' own. */
  settingsPanels?: readonly SettingsPanel[];
  /** Parts of the status bar, each in a named slot. */
  statusItems?: readonly StatusItem[];
  /** Where `/` leads when this area decides it (the first area in the list that answers an address wins). */
  startPage?: () => Promise<string | null>;
}

/**
 * A main view loaded on first visit. Typed plainly on purpose: a view's own type refers to the
 * route tree (`useNavigate({ from })`), which is built from the areas, and that loop would leave it untyped.
 */
export type LazyView = () => Promise<{ default: ComponentType }>;

/** Keeps the routes' own types, so the route tree (and `useSearch`, `Link`) stays typed per route. */
export function defineArea<const R extends readonly AnyRoute[] = readonly []>(area: Area<R>): Area<R> {
  return area;
}
