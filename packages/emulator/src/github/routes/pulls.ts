import type { Pull } from '../../data/model.js';
import { notFound, validationFailed } from '../github-error.js';
import type { GithubRoute } from '../github-request.js';
import { pageRequest, paginate } from '../pagination.js';
import { renderPull, renderPullSimple } from '../render/pull.js';
import { renderReview } from '../render/review.js';
import { linkUrl, resolveRepo } from '../repo-access.js';
import { ghTime, httpDate } from '../urls.js';

function oneOf(
  value: string | null,
  allowed: readonly string[],
  fallback: string,
  field: string,
): string {
  if (value === null) return fallback;
  if (!allowed.includes(value)) throw validationFailed('PullRequest', field);
  return value;
}

function comparator(sort: string): (a: Pull, b: Pull) => number {
  switch (sort) {
    case 'updated':
      return (a, b) => a.updatedAt.localeCompare(b.updatedAt);
    case 'popularity':
      return (a, b) => a.comments - b.comments || a.number - b.number;
    case 'long-running':
      // Open a long time yet still active: older first, then recently updated.
      return (a, b) =>
        b.createdAt.localeCompare(a.createdAt) || a.updatedAt.localeCompare(b.updatedAt);
    default:
      return (a, b) => a.createdAt.localeCompare(b.createdAt) || a.number - b.number;
  }
}

/** GET …/pulls with state/head/base filters and GitHub's sorts. */
export const listPulls: GithubRoute = {
  resource: 'core',
  handler(request) {
    const target = resolveRepo(request);
    const { query } = request;
    const state = oneOf(query.get('state'), ['open', 'closed', 'all'], 'open', 'state');
    const sort = oneOf(
      query.get('sort'),
      ['created', 'updated', 'popularity', 'long-running'],
      'created',
      'sort',
    );
    const direction = oneOf(query.get('direction'), ['asc', 'desc'], 'desc', 'direction');
    const head = query.get('head');
    const base = query.get('base');
    const owner = request.world.ownerOf(target.repo).login.toLowerCase();
    const pulls = target.history.data.pulls.filter((pull) => {
      if (state !== 'all' && pull.state !== state) return false;
      if (base !== null && pull.baseRef !== base) return false;
      if (head !== null) {
        const [user, ref] = head.includes(':') ? head.split(':', 2) : [owner, head];
        if (user?.toLowerCase() !== owner || pull.headRef !== ref) return false;
      }
      return true;
    });
    const compare = comparator(sort);
    pulls.sort(direction === 'asc' ? compare : (a, b) => compare(b, a));
    const page = paginate(pulls, pageRequest(query), linkUrl(target), query);
    return {
      body: page.items.map((pull) => renderPullSimple(request.render, target.repo, pull)),
      link: page.link,
    };
  },
};

/** GET …/pulls/{n}: the first fetch of an open PR sees `mergeable: null`, later ones the result. */
export const getPull: GithubRoute = {
  resource: 'core',
  handler(request) {
    const target = resolveRepo(request);
    const number = Number(request.params.number);
    const pull = Number.isInteger(number) ? target.history.pull(number) : undefined;
    if (!pull) throw notFound();
    const body = renderPull(request.render, target.repo, pull);
    if (!pull.mergeabilityComputed) {
      pull.mergeabilityComputed = true;
      request.world.touch();
    }
    return { body, lastModified: httpDate(ghTime(pull.updatedAt)) };
  },
};

/** GET …/pulls/{n}/reviews, oldest first. */
export const listReviews: GithubRoute = {
  resource: 'core',
  handler(request) {
    const target = resolveRepo(request);
    const number = Number(request.params.number);
    const pull = Number.isInteger(number) ? target.history.pull(number) : undefined;
    if (!pull) throw notFound();
    const reviews = target.history.data.reviews
      .filter((r) => r.pullNumber === pull.number)
      .sort((a, b) => a.id - b.id);
    const page = paginate(reviews, pageRequest(request.query), linkUrl(target), request.query);
    return {
      body: page.items.map((review) => renderReview(request.render, target.repo, review)),
      link: page.link,
    };
  },
};
