import type { TeamDetailResult } from '@shipdeck/shared/teams';
import { ExternalLink, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { externalUrl } from '@/utils/external-url';
import { count, teamTexts } from '../texts';
import { PeopleAvatars } from './people-avatars';

/** Who the team is: name, organisation, members, repositories and the way to GitHub. */
export function TeamHeader({ detail }: { detail: TeamDetailResult }) {
  const { team, members, repositories } = detail;
  const avatars = new Map(members.map((member) => [member.login, member.avatarUrl]));
  const githubUrl = externalUrl(team.htmlUrl);
  return (
    <div className="mb-6 space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {team.org}
            {team.parent ? <> · part of {team.parent}</> : null}
          </p>
          <h1 className="text-2xl font-semibold tracking-tight break-words text-zinc-900 dark:text-zinc-50">
            {team.name}
          </h1>
          {team.description ? (
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{team.description}</p>
          ) : null}
        </div>
        {githubUrl ? (
          <Button asChild variant="outline" size="sm">
            <a href={githubUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              {teamTexts.openOnGithub}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-zinc-700 dark:text-zinc-300">
        <span className="flex min-w-0 items-center gap-2">
          <PeopleAvatars logins={members.map((member) => member.login)} avatars={avatars} max={8} />
          <span>{count(members.length, 'member')}</span>
        </span>
        <details className="min-w-0 text-sm">
          <summary className="cursor-pointer rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">
            {count(repositories.length, 'repository', 'repositories')} you can read
          </summary>
          <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1">
            {repositories.map((repository) => {
              const [owner, name] = repository.fullName.split('/');
              return (
                <li key={repository.fullName} className="flex items-center gap-1">
                  {repository.private ? (
                    <Lock aria-label="private" className="size-3 text-zinc-500" />
                  ) : null}
                  {owner && name ? (
                    <Link
                      to={paths.repo(owner, name)}
                      className="wrap-anywhere text-zinc-700 hover:underline dark:text-zinc-300"
                    >
                      {repository.fullName}
                    </Link>
                  ) : (
                    repository.fullName
                  )}
                </li>
              );
            })}
          </ul>
        </details>
      </div>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        Members: {members.map((member) => member.login).join(', ')}
      </p>
    </div>
  );
}
