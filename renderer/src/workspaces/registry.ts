import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/**
 * Every workspace of the desk, in sidebar order: the sidebar, the Alt+<n> shortcuts, the sign-in
 * gate, the "coming" placeholders and the command palette all read this list. A workspace's
 * own routes, views and query hooks live in renderer/src/workspaces/<id>/.
 */
export interface Workspace {
  id: WorkspaceId;
  label: string;
  /** The route path of its main view; its records live below it (/receiving/5012). */
  path: `/${string}`;
  /** Alt+<n>; never a Ctrl+ combination a scanner could send. */
  shortcut: string;
  needsSignIn: boolean;
  /** 'coming' shows a plain placeholder that says what the workspace will do. */
  status: 'ready' | 'coming';
  purpose: string;
  /** The main view, loaded when first visited. */
  view?: () => Promise<{ default: ComponentType }>;
  /** Reads, while the desk is idle, what the main view waits for before it can ask for its rows. */
  prefetch?: (client: QueryClient, account: readonly ['account', string]) => Promise<unknown>;
}

export type WorkspaceId = 'today' | 'receiving' | 'unidentified' | 'inventory' | 'lots' | 'returns' | 'settings';

export const workspaces: readonly Workspace[] = [
  {
    id: 'today',
    label: 'Today',
    path: '/today',
    shortcut: 'Alt+0',
    needsSignIn: true,
    status: 'ready',
    purpose: 'The start of a shift: what arrives today, what waits on the desk, the stock that needs attention.',
    view: () => import('./today/TodayView').then((m) => ({ default: m.TodayView })),
  },
  {
    id: 'receiving',
    label: 'Receiving',
    path: '/receiving',
    shortcut: 'Alt+1',
    needsSignIn: true,
    status: 'ready',
    purpose: 'Warehouse receiving orders: what is expected, what arrived.',
    view: () => import('./receiving/ReceivingList').then((m) => ({ default: m.ReceivingList })),
    prefetch: (client, account) => import('./receiving/rememberFilters').then((m) => m.prefetchRememberedFilters(client, account)),
  },
  {
    id: 'unidentified',
    label: 'Unidentified receipts',
    path: '/unidentified',
    shortcut: 'Alt+2',
    needsSignIn: true,
    status: 'ready',
    purpose: 'Packages that arrived without a receiving order, and linking them to one.',
    view: () => import('./unidentified/UnidentifiedList').then((m) => ({ default: m.UnidentifiedList })),
  },
  {
    id: 'inventory',
    label: 'Inventory',
    path: '/inventory',
    shortcut: 'Alt+3',
    needsSignIn: true,
    status: 'ready',
    purpose: 'Inventory lookups that keep working offline, with history per item and lot.',
    view: () => import('./inventory/InventoryView').then((m) => ({ default: m.InventoryView })),
  },
  {
    id: 'lots',
    label: 'Lot exclusions',
    path: '/lots',
    shortcut: 'Alt+4',
    needsSignIn: true,
    status: 'ready',
    purpose: 'Excluding lots from fulfillment and restoring them.',
    view: () => import('./lots/LotsFind').then((m) => ({ default: m.LotsFind })),
  },
  {
    id: 'returns',
    label: 'Returns',
    path: '/returns',
    shortcut: 'Alt+5',
    needsSignIn: true,
    status: 'ready',
    purpose: 'Return intake driven by a USB barcode scanner, and the returns on their way or done.',
    view: () => import('./returns/ReturnsList').then((m) => ({ default: m.ReturnsList })),
  },
  {
    id: 'settings',
    label: 'Settings',
    path: '/settings',
    shortcut: 'Alt+6',
    needsSignIn: false,
    status: 'ready',
    purpose: 'Environments, sign-in, channel and appearance.',
    view: () => import('./settings/SettingsWorkspace').then((m) => ({ default: m.SettingsView })),
  },
];

/** The workspace an address belongs to (its first path segment), if any. */
export function workspaceForPath(pathname: string): Workspace | undefined {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  return workspaces.find((w) => w.path === first);
}

/**
 * Per-workspace contributions to shared mechanisms (scan resolvers, palette entries, ...). Each
 * mechanism declares its own typed point in its own module, for example
 * `export const scanResolvers = extensionPoint<ScanResolver>('scan resolvers')`, and each workspace
 * adds to it from its folder. The point knows nothing of the item type.
 */
export interface ExtensionPoint<T> {
  readonly name: string;
  add(workspace: WorkspaceId, item: T): () => void;
  /** Every item, in the order added, with the workspace it came from. */
  list(): readonly { workspace: WorkspaceId; item: T }[];
  forWorkspace(workspace: WorkspaceId): readonly T[];
  subscribe(listener: () => void): () => void;
}

export function extensionPoint<T>(name: string): ExtensionPoint<T> {
  let items: { workspace: WorkspaceId; item: T }[] = [];
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  return {
    name,
    add(workspace, item) {
      const entry = { workspace, item };
      items = [...items, entry];
      notify();
      return () => {
        items = items.filter((e) => e !== entry);
        notify();
      };
    },
    list: () => items,
    forWorkspace: (workspace) => items.filter((e) => e.workspace === workspace).map((e) => e.item),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
