import type { Account, OAuthApp } from '../data/model.js';
import { escapeHtml, page } from './html.js';

/** The OAuth parameters carried from the authorize GET through the account choice POST. */
export interface AuthorizeParams {
  client_id: string;
  redirect_uri?: string;
  scope?: string;
  state?: string;
  login?: string;
  allow_signup?: string;
  prompt?: string;
  code_challenge?: string;
  code_challenge_method?: string;
}

function hiddenFields(params: AuthorizeParams): string {
  return Object.entries(params)
    .filter(([key, value]) => typeof value === 'string' && key !== 'login')
    .map(
      ([key, value]) =>
        `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(String(value))}">`,
    )
    .join('');
}

/**
 * The emulator's stand-in for github.com's consent screen: pick an emulated account. The forms
 * post to `authorize`, relative to the page, so it also works served under a proxy's path.
 */
export function authorizePage(
  app: OAuthApp,
  params: AuthorizeParams,
  accounts: readonly Account[],
  scopes: readonly string[],
): string {
  const hint = params.login?.toLowerCase();
  const ordered = [...accounts].sort(
    (a, b) => Number(b.login.toLowerCase() === hint) - Number(a.login.toLowerCase() === hint),
  );
  const hidden = hiddenFields(params);
  const choices = ordered
    .map(
      (account) => `<li><form method="post" action="authorize">${hidden}
<input type="hidden" name="login" value="${escapeHtml(account.login)}"><input type="hidden" name="decision" value="allow">
<button type="submit" class="${account.login.toLowerCase() === hint ? 'primary' : ''}" data-login="${escapeHtml(account.login)}">
<strong>${escapeHtml(account.login)}</strong>${account.name ? ` — ${escapeHtml(account.name)}` : ''}</button></form></li>`,
    )
    .join('\n');
  const scopeText =
    scopes.length > 0
      ? scopes.map((s) => `<code>${escapeHtml(s)}</code>`).join(', ')
      : 'public data only';
  return page(
    `Authorize ${app.name}`,
    `<main class="card">
<h1>Authorize ${escapeHtml(app.name)}</h1>
<p>This is the <strong>Shipdeck provider emulator</strong>, standing in for GitHub. Choose an emulated account to sign in as.</p>
<p class="note">Requested access: ${scopeText}</p>
<ul>
${choices}
</ul>
<form method="post" action="authorize">${hidden}<input type="hidden" name="decision" value="deny">
<button type="submit">Cancel</button></form>
</main>`,
  );
}

export function errorPage(status: number, message: string): string {
  return page(
    `Error ${status}`,
    `<main class="card"><h1>${status}</h1><p>${escapeHtml(message)}</p></main>`,
  );
}
