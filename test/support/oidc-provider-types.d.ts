/**
 * The part of oidc-provider's API the certified-provider test uses. The package ships no types and
 * @types/oidc-provider is not installed; these follow its documented API (docs/README.md).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Record<string, unknown> | Promise<Record<string, unknown>>;
  }
  interface StoredToken {
    accountId?: string;
    grantId?: string;
    consumed?: unknown;
  }
  interface TokenModel {
    find(value: string): Promise<StoredToken | undefined>;
  }
  export interface Configuration {
    clients?: Record<string, unknown>[];
    jwks?: { keys: Record<string, unknown>[] };
    cookies?: { keys: string[] };
    scopes?: string[];
    claims?: Record<string, string[]>;
    findAccount?: (ctx: unknown, id: string) => Account | Promise<Account | undefined> | undefined;
    pkce?: { required?: (ctx: unknown, client: unknown) => boolean };
    ttl?: Record<string, number>;
    rotateRefreshToken?: boolean | ((ctx: unknown) => boolean);
    issueRefreshToken?: (ctx: unknown, client: unknown, code: unknown) => boolean | Promise<boolean>;
    features?: Record<string, { enabled: boolean }>;
    clientAuthMethods?: string[];
  }
  /** The Koa context a middleware sees (Provider extends Koa). */
  interface MiddlewareContext {
    path: string;
    body: unknown;
    get(header: string): string;
  }
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(middleware: (ctx: MiddlewareContext, next: () => Promise<void>) => Promise<void>): this;
    AccessToken: TokenModel;
    AuthorizationCode: TokenModel;
    RefreshToken: TokenModel;
  }
}
