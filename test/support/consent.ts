import { DEMO_USER } from '../../emulator/auth/registry.js';

/**
 * Plays the person at the emulator's sign-in page with plain HTTP, as a browser would: loads the
 * authorize URL, reads the consent form, posts it, then carries the callback (form_post page or
 * fragment redirect) to the redirect URI. Returns what the loopback receiver answered.
 */
export interface ConsentOptions {
  decision?: 'approve' | 'deny';
  email?: string;
  password?: string;
  /** Change a callback field before it is delivered (to test tampering). */
  tamper?: (fields: URLSearchParams) => void;
  /** false: stop after consent and return the callback fields without calling the redirect URI. */
  deliver?: boolean;
}

export interface ConsentOutcome {
  callbackStatus: number;
  callbackBody: string;
  fields: URLSearchParams;
}

function hiddenFields(html: string): URLSearchParams {
  const fields = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.set(decode(m[1]!), decode(m[2]!));
  }
  return fields;
}

function decode(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export async function completeConsent(authorizeUrl: string, options: ConsentOptions = {}): Promise<ConsentOutcome> {
  const page = await fetch(authorizeUrl, { redirect: 'manual' });
  if (page.status !== 200) throw new Error(`authorize page answered ${page.status}: ${await page.text()}`);
  const html = await page.text();
  const interaction = /name="interaction" value="([^"]+)"/.exec(html)?.[1];
  if (!interaction) throw new Error('no consent form on the authorize page');

  const form = new URLSearchParams({
    interaction,
    email: options.email ?? DEMO_USER.email,
    password: options.password ?? DEMO_USER.password,
    decision: options.decision ?? 'approve',
  });
  if (html.includes('name="integration_name"')) form.set('integration_name', 'Dockdesk test');
  const decided = await fetch(new URL('/connect/authorize', authorizeUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });

  let target: string;
  let fields: URLSearchParams;
  let method: 'POST' | 'RELAY';
  if (decided.status === 302) {
    // Fragment mode: a browser loads the redirect URI without the fragment, and the page there relays it.
    const location = new URL(decided.headers.get('location')!);
    fields = new URLSearchParams(location.hash.slice(1));
    target = `${location.origin}${location.pathname}`;
    method = 'RELAY';
  } else {
    const body = await decided.text();
    const action = /<form id="callback" method="post" action="([^"]+)"/.exec(body)?.[1];
    if (!action) throw new Error(`no callback form after consent (HTTP ${decided.status}): ${body.slice(0, 300)}`);
    target = decode(action);
    fields = hiddenFields(body);
    method = 'POST';
  }
  options.tamper?.(fields);
  if (options.deliver === false) return { callbackStatus: 0, callbackBody: '', fields };
  if (method === 'RELAY') {
    const relay = await fetch(target);
    const page = await relay.text();
    if (!page.includes('location.hash')) throw new Error(`the redirect URI served no relay page (HTTP ${relay.status})`);
  }
  // The form_post page, or the relay page's script, posts the fields to the redirect URI.
  const callback = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: fields });
  return { callbackStatus: callback.status, callbackBody: await callback.text(), fields };
}
