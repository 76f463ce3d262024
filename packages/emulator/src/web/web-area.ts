import type { World } from '../data/world.js';
import { textReply } from '../http/reply.js';
import type { Area } from '../http/server.js';
import { escapeHtml, page } from '../oauth/html.js';

const HTML = 'text/html; charset=utf-8';

/**
 * Minimal pages for the `html_url` links the API hands out (profiles, repositories, pull
 * requests), so links clicked in demo mode land somewhere instead of failing.
 */
export function webArea(world: World, urls: () => Record<string, string>): Area {
  return {
    name: 'other',
    faultable: false,
    handle(ctx) {
      const segments = ctx.url.pathname
        .split('/')
        .filter(Boolean)
        .map((s) => {
          try {
            return decodeURIComponent(s);
          } catch {
            return s;
          }
        });
      if (segments.length === 0) {
        const list = Object.entries(urls())
          .map(([name, url]) => `<li>${escapeHtml(name)}: <code>${escapeHtml(url)}</code></li>`)
          .join('');
        return Promise.resolve(
          textReply(
            200,
            page(
              'Shipdeck provider emulator',
              `<main class="card"><h1>Shipdeck provider emulator</h1><ul>${list}</ul></main>`,
            ),
            HTML,
          ),
        );
      }
      const [owner = '', name, kind, id] = segments;
      const account = world.account(owner);
      if (account && name === undefined) {
        return Promise.resolve(
          textReply(
            200,
            page(
              account.login,
              `<main class="card"><h1>${escapeHtml(account.login)}</h1><p>${escapeHtml(account.name ?? '')}</p></main>`,
            ),
            HTML,
          ),
        );
      }
      const found = name ? world.lookupRepo(owner, name) : undefined;
      if (found && 'repo' in found && !found.repo.private) {
        const { repo } = found;
        const pull = kind === 'pull' && id ? world.history(repo.id).pull(Number(id)) : undefined;
        const title = pull ? `${pull.title} · #${pull.number}` : world.fullName(repo);
        const detail = pull ? (pull.body ?? '') : (repo.description ?? '');
        return Promise.resolve(
          textReply(
            200,
            page(
              title,
              `<main class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p><p class="note">Emulated page.</p></main>`,
            ),
            HTML,
          ),
        );
      }
      return Promise.resolve(
        textReply(
          404,
          page('Not Found', '<main class="card"><h1>404</h1><p>Not Found</p></main>'),
          HTML,
        ),
      );
    },
    errorReply: (status) => textReply(status, 'Error'),
  };
}
