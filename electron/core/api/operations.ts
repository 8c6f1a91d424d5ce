/**
 * The version table: each operation the client uses, mapped to the newest version's path that has
 * it (API notes, Versions the client uses). 1.0 is past its sunset and never appears here.
 * Path parameters are written {name} and filled by the client.
 */
export const OPERATIONS = {
  'channel.list': { method: 'GET', path: '/2026-07/channel', scope: 'channels_read' },
  'receiving.list': { method: 'GET', path: '/2026-07/receiving', scope: 'receiving_read' },
  'receiving.get': { method: 'GET', path: '/2026-07/receiving/{id}', scope: 'receiving_read' },
  'return.list': { method: 'GET', path: '/2026-07/return', scope: 'returns_read' },
  'inventory.list': { method: 'GET', path: '/2026-07/inventory', scope: 'inventory_read' },
  'return.create': { method: 'POST', path: '/2026-07/return', scope: 'returns_write' },
} as const satisfies Record<string, { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; scope: string }>;

export type OperationName = keyof typeof OPERATIONS;

export function operationPath(name: OperationName, params: Record<string, string | number> = {}): string {
  return OPERATIONS[name].path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`operation ${name} needs path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
