/**
 * The emulator's HTML pages: sign-in and consent, errors, and the form_post carrier. Every value
 * that reaches HTML goes through escapeHtml; pages carry a strict CSP (set by the route).
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

const STYLE = `
  body { font: 15px/1.5 system-ui, sans-serif; background: #f3f5f8; color: #1b2430; margin: 0; }
  main { max-width: 440px; margin: 48px auto; background: #fff; padding: 28px 32px; border-radius: 10px;
         box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 20px; margin: 0 0 4px; } p.sub { margin: 0 0 20px; color: #556; }
  label { display: block; font-weight: 600; margin: 14px 0 4px; }
  input[type=email], input[type=password], input[type=text] { width: 100%; box-sizing: border-box; padding: 8px 10px;
         border: 1px solid #b8c0cc; border-radius: 6px; font: inherit; }
  ul.scopes { columns: 2; padding-left: 18px; color: #334; font-size: 13px; }
  .actions { display: flex; gap: 10px; margin-top: 22px; }
  button { font: inherit; padding: 8px 18px; border-radius: 6px; border: 1px solid #1f5fbf; cursor: pointer; }
  button.primary { background: #1f5fbf; color: #fff; } button.secondary { background: #fff; color: #1f5fbf; }
  .error { background: #fdecec; color: #8a1c1c; padding: 8px 12px; border-radius: 6px; }
  .badge { display: inline-block; font-size: 12px; background: #e8eefb; color: #1f4f9f; padding: 2px 8px; border-radius: 10px; }`;

function page(title: string, body: string, scriptNonce?: string, script?: string): string {
  const scriptTag = scriptNonce && script ? `<script nonce="${scriptNonce}">${script}</script>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main>${scriptTag}</body></html>`;
}

export interface ConsentPageInput {
  interactionId: string;
  clientName: string;
  scopes: string[];
  askIntegrationName: boolean;
  email: string;
  error: string | null;
}

export function consentPage(input: ConsentPageInput): string {
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  const integration = input.askIntegrationName
    ? `<label for="integration_name">Name this integration</label>
       <input id="integration_name" name="integration_name" type="text" required maxlength="200" value="Dockdesk">`
    : '';
  const scopes = input.scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('');
  return page(
    'Sign in to the fulfillment service',
    `<span class="badge">Local emulator</span>
     <h1>Sign in to the fulfillment service</h1>
     <p class="sub"><strong>${escapeHtml(input.clientName)}</strong> asks to act on your account.</p>
     ${error}
     <form method="post" action="/connect/authorize">
       <input type="hidden" name="interaction" value="${escapeHtml(input.interactionId)}">
       <label for="email">Email</label>
       <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(input.email)}">
       <label for="password">Password</label>
       <input id="password" name="password" type="password" autocomplete="current-password" required>
       ${integration}
       <p><strong>It will be able to:</strong></p>
       <ul class="scopes">${scopes}</ul>
       <div class="actions">
         <button class="primary" type="submit" name="decision" value="approve">Approve</button>
         <button class="secondary" type="submit" name="decision" value="deny" formnovalidate>Deny</button>
       </div>
     </form>`,
  );
}

export function errorPage(title: string, detail: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p class="error" role="alert">${escapeHtml(detail)}</p>`);
}

/** response_mode=form_post: the browser POSTs the callback fields to the redirect URI. */
export function formPostPage(redirectUri: string, fields: Record<string, string>, scriptNonce: string): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return page(
    'Returning to the app',
    `<h1>Returning to the app…</h1>
     <form id="callback" method="post" action="${escapeHtml(redirectUri)}">${inputs}
       <noscript><button class="primary" type="submit">Continue</button></noscript></form>`,
    scriptNonce,
    `document.getElementById('callback').submit();`,
  );
}
