import type { EmailSubscriptionKind } from '@shipdeck/shared/mail';
import { emailSubscriptionLabels, unsubscribeTexts } from '@shipdeck/shared/mail';
import type { ReactElement } from 'react';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

// The app's look without its code: zinc neutrals, one dark button, light and dark by the system.
const STYLE = `
:root{color-scheme:light dark;font-family:Inter,system-ui,-apple-system,Segoe UI,sans-serif}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#fafafa;color:#18181b}
main{background:#fff;border:1px solid #e4e4e7;border-radius:12px;padding:28px;max-width:420px;width:calc(100% - 32px);box-sizing:border-box}
h1{font-size:20px;font-weight:600;margin:0 0 8px}
p{font-size:14px;line-height:1.55;color:#52525b;margin:0 0 20px}
button{font:inherit;font-size:14px;font-weight:600;background:#18181b;color:#fff;border:0;border-radius:8px;padding:10px 16px;cursor:pointer}
button:focus-visible,a:focus-visible{outline:2px solid #3b82f6;outline-offset:2px}
a{color:#18181b;font-size:14px}
@media (prefers-color-scheme:dark){body{background:#09090b;color:#fafafa}main{background:#18181b;border-color:#27272a}p{color:#a1a1aa}button{background:#fafafa;color:#18181b}a{color:#fafafa}}
`;

export type UnsubscribePageState =
  | { step: 'confirm'; kind: EmailSubscriptionKind; email: string; action: string }
  | { step: 'done'; kind: EmailSubscriptionKind }
  | { step: 'invalid' };

function body(state: UnsubscribePageState, settingsUrl: string): ReactElement[] {
  const settingsLink = h('a', { key: 'settings', href: settingsUrl }, unsubscribeTexts.settings);
  switch (state.step) {
    case 'confirm':
      return [
        h(
          'p',
          { key: 'intro' },
          unsubscribeTexts.intro(emailSubscriptionLabels[state.kind], state.email),
        ),
        // The same body a mail client's one-click POST sends (RFC 8058).
        h(
          'form',
          { key: 'form', method: 'post', action: state.action },
          h('input', { type: 'hidden', name: 'List-Unsubscribe', value: 'One-Click' }),
          h('button', { type: 'submit' }, unsubscribeTexts.submit),
        ),
      ];
    case 'done':
      return [
        h(
          'p',
          { key: 'done', role: 'status' },
          unsubscribeTexts.done(emailSubscriptionLabels[state.kind]),
        ),
        settingsLink,
      ];
    case 'invalid':
      return [h('p', { key: 'invalid', role: 'alert' }, unsubscribeTexts.invalid), settingsLink];
  }
}

/** The page an unsubscribe link opens (GET) and the answer to its button (POST). */
export function renderUnsubscribePage(state: UnsubscribePageState, settingsUrl: string): string {
  const page = h(
    'html',
    { lang: 'en' },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'referrer', content: 'no-referrer' }),
      h('meta', { name: 'robots', content: 'noindex' }),
      h('title', null, `${unsubscribeTexts.title} · Shipdeck`),
      h('style', null, STYLE),
    ),
    h(
      'body',
      null,
      h('main', null, h('h1', null, unsubscribeTexts.title), ...body(state, settingsUrl)),
    ),
  );
  return `<!doctype html>${renderToStaticMarkup(page)}`;
}
