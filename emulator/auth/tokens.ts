import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { VirtualClock } from '../clock.js';

/** Lifetimes from spec 5.2 and 8, and the code rules of the API notes. */
export const LIFETIMES = {
  accessTokenMs: 60 * 60 * 1000,
  refreshTokenMs: 30 * 24 * 60 * 60 * 1000,
  codeMs: 2 * 60 * 1000,
} as const;

/** An RFC 6749 error, answered by the token endpoint as {error, error_description}. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

const Grant = z.object({
  id: z.string(),
  kind: z.enum(['oauth', 'pat']).default('oauth'),
  /** For personal access tokens: the name given at creation. */
  name: z.string().nullable().default(null),
  userId: z.string(),
  clientId: z.string(),
  scopes: z.array(z.string()),
  integrationName: z.string().nullable(),
  createdAt: z.number(),
  revokedAt: z.number().nullable(),
  revokedReason: z.string().nullable(),
});
type Grant = z.infer<typeof Grant>;

const RefreshRecord = z.object({ grantId: z.string(), expiresAt: z.number(), rotatedAt: z.number().nullable() });
/** expiresAt null: never (personal access tokens, spec 5.1). */
const AccessRecord = z.object({ grantId: z.string(), expiresAt: z.number().nullable() });

/** What is written to the data folder: hashes of tokens only, never the tokens themselves. */
export const TokenStoreSnapshot = z.object({
  version: z.literal(1),
  grants: z.array(Grant),
  refresh: z.record(z.string(), RefreshRecord),
  access: z.record(z.string(), AccessRecord),
});
export type TokenStoreSnapshot = z.infer<typeof TokenStoreSnapshot>;

interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scopes: string[];
  nonce: string | null;
  userId: string;
  integrationName: string | null;
  expiresAt: number;
  /** Set once exchanged: a second use revokes what the first one issued (RFC 6749 section 4.1.2). */
  grantId: string | null;
  used: boolean;
}

export interface IssuedTokens {
  grant: Grant;
  accessToken: string;
  expiresIn: number;
  refreshToken: string | null;
  nonce: string | null;
}

export interface AccessCheck {
  ok: boolean;
  grant?: Grant;
  reason?: 'unknown' | 'expired' | 'revoked';
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function newToken(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export class TokenStore {
  private readonly codes = new Map<string, PendingCode>();
  private readonly grants = new Map<string, Grant>();
  private readonly refresh = new Map<string, z.infer<typeof RefreshRecord>>();
  private readonly access = new Map<string, z.infer<typeof AccessRecord>>();

  constructor(
    private readonly clock: VirtualClock,
    private readonly onChange: () => void = () => {},
  ) {}

  issueCode(input: Omit<PendingCode, 'expiresAt' | 'grantId' | 'used'>): string {
    const code = newToken('code');
    this.codes.set(hashToken(code), { ...input, expiresAt: this.clock.nowMs() + LIFETIMES.codeMs, grantId: null, used: false });
    return code;
  }

  /** Authorization-code grant (spec 5.2 step 5) with every check the spec and RFC 7636 ask for. */
  exchangeCode(input: { code: string; clientId: string; redirectUri: string; codeVerifier: string }): IssuedTokens {
    const pending = this.codes.get(hashToken(input.code));
    if (!pending) throw new OAuthError('invalid_grant', 'The authorization code is unknown.');
    if (pending.used) {
      if (!pending.grantId)
        throw new OAuthError('invalid_grant', 'The authorization code was already used (an earlier exchange failed); start the sign-in again.');
      this.revokeGrant(pending.grantId, 'authorization code reused');
      this.onChange();
      throw new OAuthError('invalid_grant', 'The authorization code was already used; tokens issued from it are revoked.');
    }
    pending.used = true;
    if (this.clock.nowMs() > pending.expiresAt) throw new OAuthError('invalid_grant', 'The authorization code has expired (codes live 2 minutes).');
    if (pending.clientId !== input.clientId) throw new OAuthError('invalid_grant', 'The authorization code was issued to another client.');
    if (pending.redirectUri !== input.redirectUri) throw new OAuthError('invalid_grant', 'redirect_uri does not match the one in the authorize request.');
    if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(input.codeVerifier)) {
      throw new OAuthError('invalid_grant', 'code_verifier must be 43-128 characters of A-Z, a-z, 0-9, "-", ".", "_", "~".');
    }
    if (s256(input.codeVerifier) !== pending.codeChallenge) throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge.');

    const grant: Grant = {
      id: randomBytes(12).toString('hex'),
      kind: 'oauth',
      name: null,
      userId: pending.userId,
      clientId: pending.clientId,
      scopes: pending.scopes,
      integrationName: pending.integrationName,
      createdAt: this.clock.nowMs(),
      revokedAt: null,
      revokedReason: null,
    };
    this.grants.set(grant.id, grant);
    pending.grantId = grant.id;
    const issued = this.issueFor(grant);
    this.onChange();
    return { ...issued, nonce: pending.nonce };
  }

  /** Refresh grant (spec 5.2 step 6): rotation, and reuse of a rotated token revokes the whole grant. */
  refreshTokens(input: { refreshToken: string; clientId: string }): IssuedTokens {
    const key = hashToken(input.refreshToken);
    const record = this.refresh.get(key);
    if (!record) throw new OAuthError('invalid_grant', 'The refresh token is unknown.');
    const grant = this.grants.get(record.grantId);
    if (!grant || grant.revokedAt !== null)
      throw new OAuthError('invalid_grant', `The grant was revoked${grant?.revokedReason ? ` (${grant.revokedReason})` : ''}.`);
    if (grant.clientId !== input.clientId) throw new OAuthError('invalid_grant', 'The refresh token was issued to another client.');
    if (record.rotatedAt !== null) {
      this.revokeGrant(grant.id, 'a rotated refresh token was used again');
      this.onChange();
      throw new OAuthError('invalid_grant', 'The refresh token was already used; the grant is revoked (reuse detection).');
    }
    if (this.clock.nowMs() > record.expiresAt) throw new OAuthError('invalid_grant', 'The refresh token has expired (30 days).');
    record.rotatedAt = this.clock.nowMs();
    const issued = this.issueFor(grant);
    this.onChange();
    return { ...issued, nonce: null };
  }

  checkAccessToken(token: string): AccessCheck {
    const record = this.access.get(hashToken(token));
    if (!record) return { ok: false, reason: 'unknown' };
    const grant = this.grants.get(record.grantId);
    if (!grant || grant.revokedAt !== null) return { ok: false, reason: 'revoked' };
    if (record.expiresAt !== null && this.clock.nowMs() >= record.expiresAt) return { ok: false, reason: 'expired' };
    return { ok: true, grant };
  }

  /** Spec 5.1: a personal access token never expires and grants the channel's scopes; revocable. */
  createPat(userId: string, name: string, scopes: string[]): { id: string; token: string } {
    const grant: Grant = {
      id: randomBytes(12).toString('hex'),
      kind: 'pat',
      name,
      userId,
      clientId: 'personal-access-token',
      scopes,
      integrationName: name,
      createdAt: this.clock.nowMs(),
      revokedAt: null,
      revokedReason: null,
    };
    this.grants.set(grant.id, grant);
    const token = newToken('pat');
    this.access.set(hashToken(token), { grantId: grant.id, expiresAt: null });
    this.onChange();
    return { id: grant.id, token };
  }

  listPats(): { id: string; name: string; created_at: string; revoked_at: string | null }[] {
    return [...this.grants.values()]
      .filter((g) => g.kind === 'pat')
      .map((g) => ({
        id: g.id,
        name: g.name ?? '',
        created_at: new Date(g.createdAt).toISOString(),
        revoked_at: g.revokedAt === null ? null : new Date(g.revokedAt).toISOString(),
      }));
  }

  revokePat(id: string): boolean {
    const grant = this.grants.get(id);
    if (!grant || grant.kind !== 'pat' || grant.revokedAt !== null) return false;
    this.revokeGrant(id, 'revoked by the user');
    this.onChange();
    return true;
  }

  /** Forgets every grant and token (the control API's reset with auth). */
  clear(): void {
    this.codes.clear();
    this.grants.clear();
    this.refresh.clear();
    this.access.clear();
    this.onChange();
  }

  revokeGrant(grantId: string, reason: string): void {
    const grant = this.grants.get(grantId);
    if (grant && grant.revokedAt === null) {
      grant.revokedAt = this.clock.nowMs();
      grant.revokedReason = reason;
    }
  }

  snapshot(): TokenStoreSnapshot {
    const now = this.clock.nowMs();
    const live = <T extends { expiresAt: number | null }>(m: Map<string, T>) =>
      Object.fromEntries([...m].filter(([, r]) => r.expiresAt === null || r.expiresAt > now));
    return { version: 1, grants: [...this.grants.values()], refresh: live(this.refresh), access: live(this.access) };
  }

  restore(snapshot: TokenStoreSnapshot): void {
    for (const grant of snapshot.grants) this.grants.set(grant.id, grant);
    for (const [k, v] of Object.entries(snapshot.refresh)) this.refresh.set(k, v);
    for (const [k, v] of Object.entries(snapshot.access)) this.access.set(k, v);
  }

  private issueFor(grant: Grant): Omit<IssuedTokens, 'nonce'> {
    const now = this.clock.nowMs();
    const accessToken = newToken('at');
    this.access.set(hashToken(accessToken), { grantId: grant.id, expiresAt: now + LIFETIMES.accessTokenMs });
    let refreshToken: string | null = null;
    if (grant.scopes.includes('offline_access')) {
      refreshToken = newToken('rt');
      this.refresh.set(hashToken(refreshToken), { grantId: grant.id, expiresAt: now + LIFETIMES.refreshTokenMs, rotatedAt: null });
    }
    return { grant, accessToken, expiresIn: LIFETIMES.accessTokenMs / 1000, refreshToken };
  }
}
