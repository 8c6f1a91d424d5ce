import { z } from 'zod';
import { EnvironmentKind } from './session.js';

/**
 * Environments the user configures (issue: Session and API client). Addresses must be https, except
 * on loopback (a local emulator or a tunnel), and carry no credentials, query or fragment.
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Plain http to this machine: the one case where an address may go without TLS. */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

export function serviceUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Enter a full address, like https://api.example.com.';
  }
  if (url.username || url.password) return 'The address must not contain a user name or password.';
  if (url.search || url.hash) return 'The address must not contain a query (?) or fragment (#).';
  if (url.protocol === 'https:') return null;
  if (isLoopbackHttp(url)) return null;
  return 'Use https:// (plain http is allowed only for 127.0.0.1, localhost or [::1]).';
}

export const ServiceUrl = z
  .string()
  .trim()
  .min(1, 'Required.')
  .superRefine((v, ctx) => {
    const problem = serviceUrlProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((v) => v.replace(/\/+$/, ''));

/** What Settings sends to save an environment. The client secret is write-only: it goes to the keychain. */
export const EnvironmentInput = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .optional(),
  name: z.string().trim().min(1, 'Required.').max(80),
  apiBaseUrl: ServiceUrl,
  authUrl: ServiceUrl.nullable(),
  clientId: z.string().trim().max(200).nullable(),
  clientSecret: z.string().min(1).max(500).optional(),
});
export type EnvironmentInput = z.input<typeof EnvironmentInput>;

/** One environment as the renderer sees it: addresses and what is possible, never a secret. */
export const EnvironmentSummary = z.object({
  id: z.string(),
  name: z.string(),
  kind: EnvironmentKind,
  apiBaseUrl: z.string().nullable(),
  authUrl: z.string().nullable(),
  clientId: z.string().nullable(),
  /** Built-in environments keep their kind; the local emulator cannot be edited at all. */
  editable: z.boolean(),
  removable: z.boolean(),
  hasClientSecret: z.boolean(),
  /** Enough is configured to sign in through the browser. */
  canSignInWithBrowser: z.boolean(),
  /** Enough is configured to sign in with a personal access token. */
  canSignInWithToken: z.boolean(),
});
export type EnvironmentSummary = z.infer<typeof EnvironmentSummary>;

export const ConnectionCheck = z.object({ name: z.string(), ok: z.boolean(), detail: z.string() });
export const ConnectionTest = z.object({ ok: z.boolean(), checks: z.array(ConnectionCheck) });
export type ConnectionTest = z.infer<typeof ConnectionTest>;
