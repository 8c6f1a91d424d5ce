/**
 * Joins a configured base address and an absolute API path the way the spec writes them
 * ({base_url}/{version}/..., {auth_url}/connect/...): a path prefix in the base is kept, which
 * `new URL(path, base)` would drop.
 */
export function endpointUrl(base: string, path: string): URL {
  return new URL(`${base.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`);
}
