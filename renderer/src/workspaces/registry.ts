import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Phrase } from '../i18n/useT';
import { createStore } from '../ui/store';

/**
 * A workspace of the desk, as an area contributes it (areas/<id>/ui/<id>.contribution.tsx):
 * the sidebar, the Alt+<n> shortcuts, the sign-in gate, the "coming" placeholders and the command
 * palette all read the list. A workspace's own routes, views and query hooks live in its folder.
 */
export interface Workspace {
  id: WorkspaceId;
  /** Its name in the sidebar, the palette and the shortcuts sheet, said in the language in force. */
  label: Phrase;
  /** The route path of its main view; its records live below it (/receiving/5012). */
  path: `/${string}`;
  /** Alt+<n>; never a Ctrl+ combination a scanner could send. */
  shortcut: string;
  needsSignIn: boolean;
  /** 'coming' shows a plain placeholder that says what the workspace will do. */
  status: 'ready' | 'coming';
  /** What it is for: the "coming" placeholder says it, and the palette finds the workspace by it. */
  purpose: Phrase;
  /** The main view, loaded when first visited. */
  view?: () => Promise<{ default: ComponentType }>;
  /** Reads, while the desk is idle, what the main view waits for before it can ask for its rows. */
  prefetch?: (client: QueryClient, account: readonly ['account', string]) => Promise<unknown>;
}

/** An area's id ("receiving"); scan resolvers and palette sources are named after it. */
export type WorkspaceId = string;

/** Every workspace of the desk, in sidebar order (the areas' order in renderer/src/areas.ts). */
export const sidebar = extensionPoint<Workspace>('workspaces');

export function allWorkspaces(): readonly Workspace[] {
  return sidebar.list().map((e) => e.item);
}

/** The workspace an address belongs to (its first path segment), if any. */
export function workspaceForPath(pathname: string): Workspace | undefined {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  return allWorkspaces().find((w) => w.path === first);
}

/**
 * Per-workspace contributions to shared mechanisms (scan resolvers, palette entries, ...). Each
 * mechanism declares its own typed point in its own module, for example
 * `export const scanResolvers = extensionPoint<ScanResolver>('scan resolvers')`, and each workspace
 * adds to it from its folder. The point knows nothing of the item type.
 */
export interface ExtensionPoint<T> {
  readonly name: string;
  add: (workspace: WorkspaceId, item: T) => () => void;
  /** Every item, in the order added, with the workspace it came from. */
  list: () => readonly { workspace: WorkspaceId; item: T }[];
  forWorkspace: (workspace: WorkspaceId) => readonly T[];
  subscribe: (listener: () => void) => () => void;
}

export function extensionPoint<T>(name: string): ExtensionPoint<T> {
  const items = createStore<readonly { workspace: WorkspaceId; item: T }[]>([]);
  return {
    name,
    add(workspace, item) {
      const entry = { workspace, item };
      items.set((all) => [...all, entry]);
      return () => items.set((all) => all.filter((e) => e !== entry));
    },
    list: items.get,
    forWorkspace: (workspace) =>
      items
        .get()
        .filter((e) => e.workspace === workspace)
        .map((e) => e.item),
    subscribe: items.subscribe,
  };
}
