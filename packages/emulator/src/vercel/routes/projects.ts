import { queryLimit } from '../query-number.js';
import { renderProject } from '../render/project.js';
import { badRequest, notFound } from '../vercel-error.js';
import type { VercelRoute } from '../vercel-request.js';

/**
 * GET /v9|v10/projects: newest update first; `from` takes the previous page's
 * `pagination.next` (an updatedAt in ms) and returns the projects updated before it.
 */
export const listProjects: VercelRoute = {
  scoped: true,
  handler(request) {
    const { query, world } = request;
    const limit = queryLimit(query);
    const fromParam = query.get('from');
    const from = fromParam === null || fromParam === '' ? null : Number(fromParam);
    if (from !== null && !Number.isFinite(from))
      throw badRequest('Invalid request: `from` should be a number or a continuation token.');
    const search = query.get('search')?.toLowerCase() ?? null;
    const repoFilter = query.get('repo');
    const repoId = query.get('repoId');
    const repoUrl = query.get('repoUrl');
    const all = world.vercel
      .projectsOf(request.accountId)
      .filter((project) => {
        if (search !== null && !project.name.toLowerCase().includes(search)) return false;
        if (repoFilter === null && repoId === null && repoUrl === null) return true;
        const repo = project.repoId === null ? undefined : world.repos.get(project.repoId);
        if (!repo) return false;
        const fullName = world.fullName(repo).toLowerCase();
        return (
          (repoFilter === null ||
            repoFilter.toLowerCase() === repo.name.toLowerCase() ||
            repoFilter.toLowerCase() === fullName) &&
          (repoId === null || repoId === String(repo.id)) &&
          (repoUrl === null ||
            repoUrl
              .toLowerCase()
              .replace(/\.git$/, '')
              .endsWith(`/${fullName}`))
        );
      })
      .sort((a, b) => b.updatedAt - a.updatedAt);
    const remaining = from === null ? all : all.filter((p) => p.updatedAt < from);
    const page = remaining.slice(0, limit);
    const last = page[page.length - 1];
    return {
      body: {
        projects: page.map((project) => renderProject(world, project, false)),
        pagination: {
          count: page.length,
          next: remaining.length > page.length && last ? last.updatedAt : null,
          prev: page[0]?.updatedAt ?? null,
        },
      },
    };
  },
};

/** GET /v9/projects/{idOrName} within the request's scope. */
export const getProject: VercelRoute = {
  scoped: true,
  handler(request) {
    const project = request.world.vercel.projectByIdOrName(
      request.accountId,
      request.params.idOrName ?? '',
    );
    if (!project) throw notFound('Project');
    return { body: renderProject(request.world, project, true) };
  },
};
