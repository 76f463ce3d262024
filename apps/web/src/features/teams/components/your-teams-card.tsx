import { Link } from 'react-router';
import { Card, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useTeams } from '../api/get-teams';

// Its own two texts, not texts.ts, and no icon: the dashboard's first load (issue 34's 150 KB
// budget) carries nothing of the team page.
const TITLE = 'Your teams';
const DESCRIPTION = 'Open pull requests in each team’s repositories, by who they wait on.';

/**
 * The dashboard's "Your teams": each team with how many of its pull requests wait on reviewers
 * and on authors. Drawn only when the person has teams, or when GitHub would not list them
 * (the notice). Nothing while loading or failing: it is a shortcut, not the page's subject.
 */
export function YourTeamsCard({ enabled }: { enabled: boolean }) {
  const teams = useTeams(enabled);
  if (!teams.data) return null;
  const { teams: list, notice } = teams.data;
  if (list.length === 0 && !notice) return null;
  return (
    <Card aria-labelledby="your-teams-title">
      <CardHeader title={TITLE} titleId="your-teams-title" description={DESCRIPTION} />
      {notice ? (
        <p role="status" className="px-4 py-3 text-sm text-zinc-700 sm:px-5 dark:text-zinc-300">
          {notice}
        </p>
      ) : null}
      {list.length > 0 ? (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {list.map((team) => (
            <li key={`${team.org}/${team.slug}`}>
              <Link
                to={paths.team(team.org, team.slug)}
                className="flex items-center justify-between gap-3 px-4 py-3 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 sm:px-5 dark:hover:bg-zinc-800/50"
              >
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-zinc-900 dark:text-zinc-50">
                    {team.name}
                  </span>
                  <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                    {team.org}
                  </span>
                </span>
                <span className="flex shrink-0 flex-col items-end text-xs text-zinc-600 tabular-nums dark:text-zinc-300">
                  <span>{team.waiting.reviewers} on reviewers</span>
                  <span>{team.waiting.author} on authors</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
