import type { AppConfig } from '../config/env.js';

/**
 * The attribute a page's <html> carries on a server without a GitHub OAuth app. The web app's
 * sign-in-with-GitHub option hides under it (`in-data-[github-sign-in=off]:hidden`), so the
 * pages the build drew once serve every installation, and nothing shows and then vanishes.
 */
export const NO_GITHUB_SIGN_IN = 'data-github-sign-in="off"';

/**
 * Marks a page's HTML with what it must know of this installation before its code runs;
 * null when the built pages serve as they are.
 */
export function installationMarker(config: AppConfig): ((html: string) => string) | null {
  if (config.github.oauth) return null;
  return (html) => html.replace(/<html(?=[\s>])/, `<html ${NO_GITHUB_SIGN_IN}`);
}
