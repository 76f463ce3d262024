/**
 * Public pages whose HTML is rendered when the web app is built, so their text paints before any
 * JavaScript runs: each path and the file, under the web build, that holds its page. The web
 * build writes these files; the server answers each path with its file (every other page gets
 * the empty index.html).
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': 'prerendered/home.html',
  '/login': 'prerendered/login.html',
  '/signup': 'prerendered/signup.html',
};
