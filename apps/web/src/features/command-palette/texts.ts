import type { SearchResultKind } from '@shipdeck/shared/search';

/** Every text the command palette's results show or speak (the shell's: shell-texts.ts). */
export const paletteTexts = {
  listLabel: 'Results',
  hint: 'Type a repository, a pull request’s title or #number, a Vercel project, a branch or a commit SHA.',
  noResults: (q: string) => `No results for “${q}”`,
  noResultsDetail: 'Only what Shipdeck has synced from GitHub and Vercel is searched.',
  error: 'Search is unavailable right now. Pages and actions still work; try again in a moment.',
  count: (n: number) => (n === 1 ? '1 result' : `${n} results`),
  opensGithub: '(opens GitHub in a new tab)',
  keys: { move: 'to move', open: 'to open', close: 'to close' },
  groups: {
    pages: 'Pages',
    actions: 'Actions',
    team: 'Teams',
    repository: 'Repositories',
    'pull-request': 'Pull requests',
    'vercel-project': 'Vercel projects',
    deployment: 'Deployments',
  } satisfies Record<SearchResultKind | 'pages' | 'actions', string>,
} as const;
