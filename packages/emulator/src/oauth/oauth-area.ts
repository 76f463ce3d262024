import { randomToken } from '../data/ids.js';
import type { Account, OAuthApp } from '../data/model.js';
import type { World } from '../data/world.js';
import { parseFields, readBody } from '../http/read-body.js';
import { jsonReply, redirectReply, textReply, type Reply } from '../http/reply.js';
import type { Area, IncomingContext } from '../http/server.js';
import { authorizePage, errorPage, type AuthorizeParams } from './authorize-page.js';
import { escapeHtml } from './html.js';
import type { OAuthCodeStore } from './oauth-codes.js';
import { CODE_CHALLENGE, verifyPkce } from './pkce.js';
import { redirectUriAllowed, withParams } from './redirect-uri.js';
import { normaliseScopes } from './scopes.js';

export const OAUTH_BASE = '/login/oauth';

const HTML = 'text/html; charset=utf-8';
const TROUBLESHOOT_AUTHORIZE =
  'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-authorization-request-errors';
const TROUBLESHOOT_TOKEN =
  'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors';

const TOKEN_ERRORS = {
  bad_verification_code: 'The code passed is incorrect or expired.',
  incorrect_client_credentials: 'The client_id and/or client_secret passed are incorrect.',
  redirect_uri_mismatch:
    'The redirect_uri MUST match the registered callback URL for this application.',
} as const;

type TokenError = keyof typeof TOKEN_ERRORS;

function pickParams(fields: Record<string, string>): AuthorizeParams {
  const names = [
    'redirect_uri',
    'scope',
    'state',
    'login',
    'allow_signup',
    'prompt',
    'code_challenge',
    'code_challenge_method',
  ] as const;
  const params: AuthorizeParams = { client_id: fields.client_id ?? '' };
  for (const name of names) if (fields[name] !== undefined) params[name] = fields[name];
  return params;
}

/** Either a validated request, or the answer GitHub would give for the broken one. */
type Checked = { ok: true; app: OAuthApp; redirect: string } | { ok: false; reply: Reply };

function checkAuthorize(world: World, params: AuthorizeParams): Checked {
  const app = world.oauthApps.get(params.client_id);
  // Without a known app there is no trustworthy callback to send the error to.
  if (!app)
    return {
      ok: false,
      reply: textReply(404, errorPage(404, 'No OAuth application with this client_id.'), HTML),
    };
  const redirect = params.redirect_uri ?? app.callbackUrl;
  if (!redirect)
    return {
      ok: false,
      reply: textReply(
        400,
        errorPage(
          400,
          'redirect_uri is required: this application has no registered callback URL.',
        ),
        HTML,
      ),
    };
  if (!redirectUriAllowed(app.callbackUrl, redirect)) {
    if (!app.callbackUrl)
      return {
        ok: false,
        reply: textReply(400, errorPage(400, 'redirect_uri is not a valid http(s) URL.'), HTML),
      };
    return {
      ok: false,
      reply: redirectReply(
        withParams(app.callbackUrl, {
          error: 'redirect_uri_mismatch',
          error_description:
            'The redirect_uri MUST match the registered callback URL for this application.',
          error_uri: `${TROUBLESHOOT_AUTHORIZE}/#redirect-uri-mismatch`,
          state: params.state,
        }),
      ),
    };
  }
  if (params.code_challenge !== undefined || params.code_challenge_method !== undefined) {
    const valid =
      params.code_challenge_method === 'S256' && CODE_CHALLENGE.test(params.code_challenge ?? '');
    if (!valid) {
      return {
        ok: false,
        reply: redirectReply(
          withParams(redirect, {
            error: 'invalid_request',
            error_description:
              'PKCE requires a code_challenge of 43 base64url characters with code_challenge_method=S256.',
            error_uri: `${TROUBLESHOOT_AUTHORIZE}`,
            state: params.state,
          }),
        ),
      };
    }
  }
  return { ok: true, app, redirect };
}

function tokenReply(accept: string | undefined, fields: Record<string, string>): Reply {
  if (accept?.includes('application/json')) return jsonReply(200, fields);
  if (accept?.includes('xml')) {
    const xml = Object.entries(fields)
      .map(([k, v]) => `<${k}>${escapeHtml(v)}</${k}>`)
      .join('');
    return textReply(200, `<OAuth>${xml}</OAuth>`, 'application/xml; charset=utf-8');
  }
  return textReply(
    200,
    new URLSearchParams(fields).toString(),
    'application/x-www-form-urlencoded; charset=utf-8',
  );
}

/** GitHub answers token errors with HTTP 200 and an `error` field. */
function tokenError(accept: string | undefined, error: TokenError): Reply {
  return tokenReply(accept, {
    error,
    error_description: TOKEN_ERRORS[error],
    error_uri: `${TROUBLESHOOT_TOKEN}/#${error.replace(/_/g, '-')}`,
  });
}

export function oauthArea(world: World, codes: OAuthCodeStore): Area {
  const people = (): Account[] => [...world.accounts.values()].filter((a) => a.type === 'User');

  const authorizeGet = (ctx: IncomingContext): Reply => {
    const params = pickParams(Object.fromEntries(ctx.url.searchParams));
    const checked = checkAuthorize(world, params);
    if (!checked.ok) return checked.reply;
    return {
      ...textReply(
        200,
        authorizePage(checked.app, params, people(), normaliseScopes(params.scope)),
        HTML,
      ),
      headers: {
        'content-type': HTML,
        'cache-control': 'no-store',
        'x-frame-options': 'deny',
        'content-security-policy':
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:",
      },
    };
  };

  const authorizePost = async (ctx: IncomingContext): Promise<Reply> => {
    const fields = parseFields(await readBody(ctx.req), ctx.req.headers['content-type']);
    const params = pickParams(fields);
    const checked = checkAuthorize(world, params);
    if (!checked.ok) return checked.reply;
    if (fields.decision !== 'allow') {
      return redirectReply(
        withParams(checked.redirect, {
          error: 'access_denied',
          error_description: 'The user has denied your application access.',
          error_uri: `${TROUBLESHOOT_AUTHORIZE}/#access-denied`,
          state: params.state,
        }),
      );
    }
    const account = world.account(fields.login ?? '');
    if (!account || account.type !== 'User')
      return textReply(400, errorPage(400, 'Unknown account.'), HTML);
    const code = codes.issue({
      clientId: checked.app.clientId,
      accountId: account.id,
      scopes: normaliseScopes(params.scope),
      redirectUri: params.redirect_uri ?? null,
      codeChallenge: params.code_challenge ?? null,
    });
    ctx.log.actor = account.login;
    return redirectReply(withParams(checked.redirect, { code, state: params.state }));
  };

  const accessToken = async (ctx: IncomingContext): Promise<Reply> => {
    const body = parseFields(await readBody(ctx.req), ctx.req.headers['content-type']);
    const fields = { ...Object.fromEntries(ctx.url.searchParams), ...body };
    const accept = ctx.req.headers.accept;
    const app = world.oauthApps.get(fields.client_id ?? '');
    if (!app || app.clientSecret !== fields.client_secret)
      return tokenError(accept, 'incorrect_client_credentials');
    const code = fields.code ?? '';
    const grant = codes.peek(code);
    if (!grant || grant.clientId !== app.clientId)
      return tokenError(accept, 'bad_verification_code');
    if (
      fields.redirect_uri !== undefined &&
      grant.redirectUri !== null &&
      fields.redirect_uri !== grant.redirectUri
    ) {
      return tokenError(accept, 'redirect_uri_mismatch');
    }
    if (grant.codeChallenge !== null && !verifyPkce(grant.codeChallenge, fields.code_verifier)) {
      codes.consume(code);
      return tokenError(accept, 'bad_verification_code');
    }
    codes.consume(code);
    const token = `gho_${randomToken(36)}`;
    world.githubTokens.set(token, {
      token,
      accountId: grant.accountId,
      scopes: grant.scopes,
      clientId: app.clientId,
    });
    ctx.log.actor = world.accounts.get(grant.accountId)?.login ?? null;
    return tokenReply(accept, {
      access_token: token,
      token_type: 'bearer',
      scope: grant.scopes.join(','),
    });
  };

  return {
    name: 'oauth',
    faultable: true,
    async handle(ctx) {
      const path = ctx.url.pathname;
      if (path === `${OAUTH_BASE}/authorize` && ctx.method === 'GET') return authorizeGet(ctx);
      if (path === `${OAUTH_BASE}/authorize` && ctx.method === 'POST') return authorizePost(ctx);
      if (path === `${OAUTH_BASE}/access_token` && ctx.method === 'POST') return accessToken(ctx);
      return textReply(404, errorPage(404, 'Not Found'), HTML);
    },
    errorReply: (status) =>
      textReply(
        status,
        errorPage(status, 'GitHub is having trouble right now (injected fault).'),
        HTML,
      ),
  };
}
