import { EmulatorClient } from '../support/emulator-client.js';

/**
 * The host's emulator as any outside system sees it, for e2e specs that set up or check data behind
 * the desk's back: the service's API with a personal access token, and the emulator's control API
 * (clock, faults, tokens, request log).
 */
export interface Service {
  /** The API with the token; answers come back as they are (status, body). */
  api: EmulatorClient;
  /** The API expecting success: the JSON answer, or an error naming the call, its status and body. */
  call<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** The control API: its JSON answer, or null for an empty one (204). */
  control(method: string, path: string, body?: unknown): Promise<unknown>;
}

/** The emulator's control API at `emulatorUrl` (no token needed): its JSON answer, or null for an empty one. */
export async function emulatorControl(emulatorUrl: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${emulatorUrl}/__emulator${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

/** A personal access token made through the control API (named `tokenName` in the emulator's list), and the calls above. */
export async function service(emulatorUrl: string, tokenName = 'e2e'): Promise<Service> {
  const control = (method: string, path: string, body?: unknown) => emulatorControl(emulatorUrl, method, path, body);
  const { token } = (await control('POST', '/pats', { name: tokenName })) as { token: string };
  const api = new EmulatorClient(emulatorUrl, token);
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await api.call(method, path, body === undefined ? {} : { body });
    if (answer.status < 200 || answer.status > 299) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
    return answer.body as T;
  };
  return { api, call, control };
}
