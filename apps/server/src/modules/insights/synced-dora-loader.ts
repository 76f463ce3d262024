import type { Db } from '../../db/database.js';
import type { DoraHistory, DoraHistoryQuery, DoraLoader } from './dora-loader.js';
import type { ChangeRecord } from './dora-records.js';
import { deploymentRecordFromRow } from './dora-records.js';

interface LinkedProject {
  id: string;
  fullName: string;
}

/** Production deployments of the user's projects (optionally only those linked to one repository). */
async function productionDeployments(db: Db, query: DoraHistoryQuery) {
  let select = db
    .selectFrom('vercel_deployments as d')
    .innerJoin('vercel_projects as p', (join) =>
      join.onRef('p.user_id', '=', 'd.user_id').onRef('p.id', '=', 'd.project_id'),
    )
    .where('d.user_id', '=', query.userId)
    .where('d.target', '=', 'production')
    .where('d.created_at', '>=', new Date(query.since).toISOString());
  if (query.repo !== null) {
    const [org = '', repo = ''] = query.repo.toLowerCase().split('/');
    select = select
      .where((eb) => eb(eb.fn('lower', ['p.link_org']), '=', org))
      .where((eb) => eb(eb.fn('lower', ['p.link_repo']), '=', repo));
  }
  return select
    .select([
      'd.id',
      'd.project_id',
      'd.target',
      'd.state',
      'd.created_at',
      'd.building_at',
      'd.ready_at',
      'd.commit_sha',
      'd.commit_message',
      'd.pr_id',
      'd.synced_at',
      'p.link_org',
      'p.link_repo',
    ])
    .execute();
}

type DeploymentRow = Awaited<ReturnType<typeof productionDeployments>>[number];

/** When each project's first READY production deployment was created, over all it recorded. */
async function firstReadyProductions(
  db: Db,
  userId: string,
  projectIds: readonly string[],
): Promise<Map<string, string>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('vercel_deployments')
    .where('user_id', '=', userId)
    .where('target', '=', 'production')
    .where('state', '=', 'READY')
    .where('project_id', 'in', projectIds)
    .groupBy('project_id')
    .select((eb) => ['project_id', eb.fn.min<string>('created_at').as('first_at')])
    .execute();
  return new Map(rows.map((row) => [row.project_id, row.first_at]));
}

/**
 * Merged pull requests and default-branch commits of one linked repository the user can see.
 * A pull request's first commit is its head commit's author date when synced (else its opening);
 * a commit that no pull request or PR deployment claims counts as a direct push.
 */
async function changesOf(
  db: Db,
  userId: string,
  project: LinkedProject,
  deployments: readonly DeploymentRow[],
  since: string,
): Promise<ChangeRecord[]> {
  const repository = await db
    .selectFrom('github_repositories as r')
    .innerJoin('github_repository_access as a', 'a.repository_id', 'r.id')
    .where('a.user_id', '=', userId)
    .where((eb) => eb(eb.fn('lower', ['r.full_name']), '=', project.fullName))
    .select('r.id')
    .executeTakeFirst();
  if (!repository) return [];
  const [pulls, commits] = await Promise.all([
    db
      .selectFrom('github_pull_requests')
      .where('repository_id', '=', Number(repository.id))
      .where('merged_at', 'is not', null)
      .where('merged_at', '>=', since)
      .select(['number', 'head_sha', 'created_at', 'merged_at'])
      .execute(),
    db
      .selectFrom('github_commits')
      .where('repository_id', '=', Number(repository.id))
      .where('committed_at', '>=', since)
      .select(['sha', 'committed_at', 'committer_date'])
      .execute(),
  ]);
  const committedAt = new Map(commits.map((c) => [c.sha, Date.parse(c.committed_at)]));
  const claimed = new Set<string>();
  const changes: ChangeRecord[] = [];
  for (const pull of pulls) {
    const shas = [
      pull.head_sha,
      ...deployments
        .filter((d) => d.project_id === project.id && d.pr_id === pull.number)
        .map((d) => d.commit_sha),
    ].filter((sha): sha is string => sha !== null);
    shas.forEach((sha) => claimed.add(sha));
    const opened = Date.parse(pull.created_at);
    const head = pull.head_sha === null ? undefined : committedAt.get(pull.head_sha);
    changes.push({
      projectId: project.id,
      firstCommitAt: Math.min(opened, head ?? opened),
      mergedAt: Date.parse(pull.merged_at ?? pull.created_at),
      shas,
    });
  }
  for (const commit of commits) {
    if (claimed.has(commit.sha)) continue;
    const at = Date.parse(commit.committed_at);
    changes.push({
      projectId: project.id,
      firstCommitAt: at,
      mergedAt: commit.committer_date === null ? at : Date.parse(commit.committer_date),
      shas: [commit.sha],
    });
  }
  return changes;
}

/** DORA history from the synced Vercel and GitHub tables, limited to what the user can see. */
export const syncedDoraLoader: DoraLoader = {
  async load(app, query): Promise<DoraHistory> {
    const rows = await productionDeployments(app.db, query);
    const projects = new Map<string, LinkedProject>();
    for (const row of rows) {
      if (row.link_org !== null && row.link_repo !== null) {
        const fullName = `${row.link_org}/${row.link_repo}`.toLowerCase();
        projects.set(row.project_id, { id: row.project_id, fullName });
      }
    }
    const since = new Date(query.since).toISOString();
    const changes = await Promise.all(
      [...projects.values()].map((project) =>
        changesOf(app.db, query.userId, project, rows, since),
      ),
    );
    const repositories = [
      ...new Set(
        rows
          .filter((row) => row.link_org !== null && row.link_repo !== null)
          .map((row) => `${row.link_org ?? ''}/${row.link_repo ?? ''}`),
      ),
    ].sort();
    const syncedAt = rows.reduce<string | null>(
      (latest, row) => (latest === null || row.synced_at > latest ? row.synced_at : latest),
      null,
    );
    const firsts = await firstReadyProductions(app.db, query.userId, [
      ...new Set(rows.map((row) => row.project_id)),
    ]);
    return {
      deployments: rows.map((row) => ({
        ...deploymentRecordFromRow(row),
        firstRecorded: row.state === 'READY' && firsts.get(row.project_id) === row.created_at,
      })),
      changes: changes.flat(),
      repositories,
      syncedAt,
    };
  },
};
