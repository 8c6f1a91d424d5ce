import { deskScopeDir, scopeKey, type DeskScope } from './desk-paths.js';

/**
 * One object per environment and account (a draft store, an outbox), made on first use and kept:
 * switching back to an environment finds the same object, with its pending writes intact.
 */
export class PerScope<T> {
  private readonly made = new Map<string, T>();

  constructor(
    private readonly dataDir: string,
    private readonly make: (dir: string, scope: DeskScope) => T,
  ) {}

  for(scope: DeskScope): T {
    const key = scopeKey(scope);
    let found = this.made.get(key);
    if (!found) {
      found = this.make(deskScopeDir(this.dataDir, scope), scope);
      this.made.set(key, found);
    }
    return found;
  }

  all(): T[] {
    return [...this.made.values()];
  }
}
