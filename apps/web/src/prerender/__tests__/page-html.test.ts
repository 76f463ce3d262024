import { describe, expect, it } from 'vitest';
import { documentParts, pageHtml } from '../page-html';

const template = [
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Shipdeck</title>',
  '<script type="module" src="/assets/index.js"></script><link rel="stylesheet" href="/assets/index.css">',
  '</head><body><div id="root"></div></body></html>',
].join('');

describe('the document around a drawn page', () => {
  it('puts the page in #root, marked with its path, and its title last in <head>', () => {
    const html = pageHtml(template, {
      path: '/dashboard',
      markup: '<title>Dashboard · Shipdeck</title><main>Welcome back</main>',
      kind: 'rendered',
      after: '<script id="state" type="application/json">{}</script>',
    });
    expect(html).toBe(
      '<!doctype html><html><head><meta charset="UTF-8" />' +
        '<script type="module" src="/assets/index.js"></script><link rel="stylesheet" href="/assets/index.css">' +
        // No frame shows the header half-parsed (issue 34).
        '<link rel="expect" href="#main-content" blocking="render">' +
        '<title>Dashboard · Shipdeck</title></head><body>' +
        '<div id="root" data-rendered="/dashboard"><main>Welcome back</main></div>' +
        '<script id="state" type="application/json">{}</script></body></html>',
    );
    const prerendered = pageHtml(template, {
      path: '/login',
      markup: '<title>Sign in</title><main>Sign in</main>',
      kind: 'prerendered',
    });
    expect(prerendered).not.toContain('early-press.js');
  });

  it('sends the head before the page is drawn, and the empty page when none is', () => {
    const parts = documentParts(template);
    expect(parts.head).toContain('<link rel="stylesheet" href="/assets/index.css">');
    expect(parts.head).not.toContain('<title>');
    expect(parts.head).not.toContain('</head>');
    expect(parts.head + parts.rest(null)).toBe(
      template
        .replace('<title>Shipdeck</title>', '')
        .replace('</head>', '<title>Shipdeck</title></head>'),
    );
  });

  it('escapes the path in its attribute and refuses a page without one title or a <main>', () => {
    const parts = documentParts(template);
    expect(
      parts.rest({ path: '/a"b&c', markup: '<title>T</title><main></main>', kind: 'prerendered' }),
    ).toContain('data-prerendered="/a&quot;b&amp;c"');
    expect(() => parts.rest({ path: '/x', markup: '<main></main>', kind: 'rendered' })).toThrow(
      'expected one <title>, found 0',
    );
    expect(() =>
      parts.rest({ path: '/x', markup: '<title>T</title><div></div>', kind: 'rendered' }),
    ).toThrow('rendered no <main>');
    expect(() => documentParts('<html><body></body></html>')).toThrow('index.html needs');
  });

  it("has theme-init.js start the app's code, with what it imports first, instead of the parser", () => {
    const built = [
      '<!doctype html><html><head><title>Shipdeck</title>',
      '<script src="/theme-init.js"></script>',
      '<script type="module" crossorigin src="/assets/index-1.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/runtime-2.js">',
      '<link rel="modulepreload" crossorigin href="/assets/react-3.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-4.css">',
      '</head><body><div id="root"></div></body></html>',
    ].join('');
    const started =
      '<!doctype html><html><head>' +
      '<script src="/theme-init.js" data-app="/assets/index-1.js /assets/runtime-2.js /assets/react-3.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-4.css">';
    // The server's signed-in pages hold a press made before the app runs (issue 34), with a
    // script the browser fetches and runs while the page is drawn: before the stylesheet, which a
    // script after it would wait for. Neither fetches the app's files before the first paint.
    expect(documentParts(built).head).toBe(
      started.replace('</script>', '</script><script src="/early-press.js"></script>'),
    );
    const prerendered = pageHtml(built, {
      path: '/login',
      markup: '<title>Sign in</title><main>Sign in</main>',
      kind: 'prerendered',
    });
    expect(prerendered.slice(0, prerendered.indexOf('<title>'))).toBe(started);
    expect(prerendered).not.toContain('early-press.js');
  });
});
