import { useSyncExternalStore } from 'react';

/**
 * The one way the renderer keeps UI state outside React (the status bar's slots, the scan cue and log,
 * the shortcut registry, extension points): a value, replaced whole (never mutated, so React sees a
 * change by identity), and the listeners told of each change. Server state is not kept here: it lives
 * in TanStack Query, where its cache and refreshing belong.
 */
export interface Store<T> {
  get: () => T;
  /** Replaces the value (or derives it from the current one) and tells every listener. */
  set: (next: T | ((current: T) => T)) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      const updated = typeof next === 'function' ? (next as (current: T) => T)(value) : next;
      if (Object.is(updated, value)) return;
      value = updated;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The store's current value (or any readable like it), re-rendering the component when it changes. */
export function useStore<T>(store: Pick<Store<T>, 'get' | 'subscribe'>): T {
  // The same value for a server render (the registry tests render the status bar to markup).
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
