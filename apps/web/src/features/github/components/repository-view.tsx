import { errorMessages } from '@shipdeck/shared/messages';
import { GitCommitHorizontal, GitPullRequest, SearchX } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { CommitDeploymentMarks } from '@/features/vercel/components/commit-deployment-marks';
import { RepositoryDeploymentCard } from '@/features/vercel/components/repository-deployment-card';
import { ApiError } from '@/lib/api-error';
import { externalUrl } from '@/utils/external-url';
import { useRepository } from '../api/get-repository';
import { BranchesCard } from './branches-card';
import { CommitList } from './commit-list';
import { FindCommit } from './find-commit';
import { GithubSyncBanner } from './sync-status-bar';
import { GithubLoadError } from './github-load-error';
import { LanguagesCard } from './languages-card';
import { RepositoryHeader } from './repository-header';
import { RepositoryInfoCard } from './repository-info-card';
import { RepositoryQuickActions } from './repository-quick-actions';
import { SectionLoading } from './repository-section-list';

// The Pull Requests tab (its list and ship-status chips) is hidden until chosen: its code loads
// then, or as soon as the pointer or focus reaches the tab, not with the page.
const loadPullRequestList = () => import('./repository-pull-request-list');
const RepositoryPullRequestList = lazy(() =>
  loadPullRequestList().then((module) => ({ default: module.RepositoryPullRequestList })),
);
const PULLS_LOADING_LABEL = 'Loading pull requests…';

/**
 * One repository: header, commits and pull requests, and side cards. Each part loads on its
 * own, so one failing call leaves only its part empty.
 */
export function RepositoryView({ owner, repo }: { owner: string; repo: string }) {
  const query = useRepository(owner, repo);
  const repository = query.data;

  if (query.error instanceof ApiError && query.error.status === 404) {
    return (
      <>
        <RepositoryHeader owner={owner} repo={repo} />
        <EmptyState
          icon={<SearchX />}
          title={errorMessages.repositoryNotFound}
          action={
            <Button asChild variant="outline" size="sm">
              <Link to={paths.repositories}>Back to repositories</Link>
            </Button>
          }
          className="bg-white dark:bg-zinc-900/40"
        />
      </>
    );
  }

  return (
    <>
      <RepositoryHeader
        owner={owner}
        repo={repo}
        repository={repository}
        loading={query.isPending}
      />
      {query.isError ? (
        <GithubLoadError
          title={errorMessages.loadRepositoryData}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          className="mb-6 py-6"
        />
      ) : null}
      <div className="mb-4 empty:hidden">
        <GithubSyncBanner />
      </div>
      {/* The deployment card comes first in the page's order (spec: header, deployment status,
          tabs), so a phone shows it above the commits; wide screens place it atop the side column. */}
      <div className="grid gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <div className="min-w-0 self-start lg:col-start-3 lg:row-start-1">
          <RepositoryDeploymentCard fullName={`${owner}/${repo}`} />
        </div>
        <Card className="min-w-0 self-start lg:col-span-2 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <Tabs defaultValue="commits">
            <TabsList aria-label="Repository activity">
              <TabsTrigger value="commits">
                <GitCommitHorizontal aria-hidden="true" />
                Commits
              </TabsTrigger>
              <TabsTrigger
                value="pull-requests"
                onPointerEnter={() => void loadPullRequestList()}
                onFocus={() => void loadPullRequestList()}
              >
                <GitPullRequest aria-hidden="true" />
                Pull Requests
              </TabsTrigger>
            </TabsList>
            <TabsContent value="commits">
              <FindCommit owner={owner} repo={repo} />
              <CommitList
                owner={owner}
                repo={repo}
                renderMarks={(commit) => (
                  <CommitDeploymentMarks
                    fullName={`${owner}/${repo}`}
                    sha={commit.sha}
                    committedAt={commit.committedAt}
                  />
                )}
              />
            </TabsContent>
            <TabsContent value="pull-requests">
              <Suspense fallback={<SectionLoading label={PULLS_LOADING_LABEL} />}>
                <RepositoryPullRequestList
                  owner={owner}
                  repo={repo}
                  loadingLabel={PULLS_LOADING_LABEL}
                />
              </Suspense>
            </TabsContent>
          </Tabs>
        </Card>
        <div className="min-w-0 space-y-6 self-start lg:col-start-3 lg:row-start-2">
          {repository || query.isPending ? <RepositoryInfoCard repository={repository} /> : null}
          <LanguagesCard owner={owner} repo={repo} />
          <BranchesCard
            owner={owner}
            repo={repo}
            defaultBranch={repository?.default_branch}
            htmlUrl={externalUrl(repository?.html_url)}
          />
          {repository && externalUrl(repository.html_url) ? (
            <RepositoryQuickActions htmlUrl={repository.html_url} />
          ) : null}
        </div>
      </div>
    </>
  );
}
