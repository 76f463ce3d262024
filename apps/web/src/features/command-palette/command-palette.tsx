import type { SearchResult, SearchResultKind } from '@shipdeck/shared/search';
import { useQuery } from '@tanstack/react-query';
import {
  ArrowUpRight,
  BarChart3,
  Bell,
  FolderGit2,
  GitMerge,
  GitPullRequest,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  RefreshCw,
  Rocket,
  Settings,
  SunMoon,
  User,
  UsersRound,
} from 'lucide-react';
import {
  type ReactNode,
  type RefObject,
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import { VercelIcon } from '@/components/icons/vercel-icon';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { getPullRequestsQueryOptions } from '@/features/github/api/get-pull-requests';
import { PullRequestKeyActionLoader } from '@/features/pull-request-actions/components/pull-request-key-action-loader';
import type { PullRequestKeyRequest } from '@/features/pull-request-actions/components/pull-request-key-action';
import { useUser } from '@/features/auth/hooks/use-session';
import { useTheme } from '@/features/theme/hooks/use-theme';
import { toggleTheme } from '@/features/theme/lib/theme-store';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cx } from '@/utils/cx';
import { externalUrl } from '@/utils/external-url';
import { searchQueryOptions } from './api/search';
import { actionCommands, type Command, matchCommands, pageCommands } from './commands';
import {
  matchPullRequestCommands,
  type PullRequestCommand,
  wantsPullRequestCommands,
} from './pull-request-commands';
import { QUERY_MAX } from './query-max';
import { paletteShellTexts } from './shell-texts';
import { paletteTexts } from './texts';

/** Long enough to skip the requests of a word typed at speed, short enough to feel instant. */
const DEBOUNCE_MS = 120;
/** The Integrations card on /settings, where Vercel is connected. */
const INTEGRATIONS_TITLE_ID = 'integrations-title';

type Option = {
  key: string;
  title: string;
  subtitle?: string;
  icon: ReactNode;
  external: boolean;
  run: () => void;
};
type Group = { id: SearchResultKind | Command['group']; label: string; options: Option[] };

const pageIcons: Record<string, LucideIcon> = {
  dashboard: LayoutDashboard,
  repositories: FolderGit2,
  'pull-requests': GitPullRequest,
  deployments: Rocket,
  insights: BarChart3,
  notifications: Bell,
  profile: User,
  settings: Settings,
  'toggle-theme': SunMoon,
  'sign-out': LogOut,
};
const kindIcons: Record<SearchResultKind, ReactNode> = {
  team: <UsersRound aria-hidden="true" />,
  repository: <FolderGit2 aria-hidden="true" />,
  'pull-request': <GitPullRequest aria-hidden="true" />,
  'vercel-project': <VercelIcon />,
  deployment: <Rocket aria-hidden="true" />,
};

function commandIcon(command: Command): ReactNode {
  if (command.id === 'connect-vercel') return <VercelIcon />;
  const Icon = pageIcons[command.id] ?? Settings;
  return <Icon aria-hidden="true" />;
}

/** Scrolls to an element of a page still loading, once it is there (3 s at most). */
function revealWhenPresent(id: string) {
  const until = performance.now() + 3_000;
  const look = () => {
    const element = document.getElementById(id);
    if (element) element.scrollIntoView?.({ block: 'start' });
    else if (performance.now() < until) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/** What the field (drawn by the shell) says of the list: ARIA's combobox state, and a search. */
export type ComboboxState = {
  expanded: boolean;
  activeDescendant: string | undefined;
  searching: boolean;
};

type CommandPaletteResultsProps = {
  /** Whether the dialog shows: the active option starts at the top on each opening. */
  open: boolean;
  /** The field's text, kept by the shell (typed before this code arrived too). */
  text: string;
  /** The field: its arrow keys and Enter move through and run the options. */
  input: RefObject<HTMLInputElement | null>;
  listboxId: string;
  onComboboxChange: (state: ComboboxState) => void;
  close: () => void;
};

/** The person's open pull requests, for "Merge #123 …" and "Re-run failed checks on #123 …". */
const myOpenPullRequests = getPullRequestsQueryOptions({
  page: 1,
  perPage: 50,
  filter: 'open',
  sort: 'updated',
  ship: 'mine',
});

/**
 * The command palette's results (issue 28): WAI-ARIA's combobox pattern, whose field the shell
 * (`CommandPaletteButton`) draws with the page in the browser's own dialog (issue 34). The focus
 * stays in the field; the active option is its `aria-activedescendant`. One list of the app's
 * pages and actions, matched here, and the server's search over what is synced, grouped by kind
 * in the server's order. Loaded when the dialog first opens, or once the browser is idle after
 * the first interaction.
 */
export function CommandPaletteResults({ close, ...props }: CommandPaletteResultsProps) {
  // A pull-request command outlives the palette: the merge asks in a dialog of its own.
  const [pullRequestRequest, setPullRequestRequest] = useState<PullRequestKeyRequest | null>(null);
  const runPullRequestCommand = (command: PullRequestCommand) => {
    close();
    setPullRequestRequest({
      action: command.action,
      pullRequest: { repository: command.repository, number: command.number, title: command.title },
    });
  };
  return (
    <>
      {/* Nothing while closed: its hidden options would be found beside the page's own words. */}
      {props.open ? (
        <PaletteBody {...props} close={close} onPullRequestCommand={runPullRequestCommand} />
      ) : null}
      {pullRequestRequest ? (
        <PullRequestKeyActionLoader
          request={pullRequestRequest}
          onDone={() => setPullRequestRequest(null)}
        />
      ) : null}
    </>
  );
}

function PaletteBody({
  open,
  text,
  input,
  listboxId,
  onComboboxChange,
  close,
  onPullRequestCommand,
}: CommandPaletteResultsProps & { onPullRequestCommand: (command: PullRequestCommand) => void }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const user = useUser();
  const theme = useTheme();
  const baseId = useId();
  const [activeKey, setActiveKey] = useState<string | null>(null);
  // A new text, or a new opening, starts at the best option.
  const [shown, setShown] = useState({ text, open });
  if (shown.text !== text || shown.open !== open) {
    setShown({ text, open });
    setActiveKey(null);
  }
  const q = text.trim().slice(0, QUERY_MAX);
  const searched = useDebouncedValue(q, DEBOUNCE_MS);
  const search = useQuery(searchQueryOptions(searched));
  const mine = useQuery({ ...myOpenPullRequests, enabled: wantsPullRequestCommands(q) });

  const go = (to: string) => {
    close();
    void navigate(to);
  };
  const runCommand = (command: Command) => {
    if (command.to) return go(command.to);
    if (command.action === 'connect-vercel') {
      go(paths.settings);
      revealWhenPresent(INTEGRATIONS_TITLE_ID);
    } else if (command.action === 'toggle-theme') {
      toggleTheme();
      close();
    } else if (command.action === 'sign-out') {
      close();
      logout.mutate();
    }
  };
  const openResult = (result: SearchResult, internal: boolean) => {
    if (!internal) {
      const url = externalUrl(result.href);
      if (url) window.open(url, '_blank', 'noopener,noreferrer');
      close();
      return;
    }
    go(result.href);
  };

  const groups: Group[] = [];
  const add = (id: Group['id'], option: Option) => {
    let group = groups.find((g) => g.id === id);
    if (!group) {
      group = { id, label: paletteTexts.groups[id], options: [] };
      groups.push(group);
    }
    group.options.push(option);
  };
  // Pages and actions in one ranking, then the server's; a page found only by a keyword or inside
  // a word goes after what the server found (`github` opens the repository of that name first).
  const commands = matchCommands(
    [...pageCommands, ...actionCommands(user.vercelConnected, theme)],
    q,
  );
  const addCommand = ({ command }: { command: Command }) =>
    add(command.group, {
      key: `${command.group}:${command.id}`,
      title: command.label,
      icon: commandIcon(command),
      external: false,
      run: () => runCommand(command),
    });
  commands.filter((match) => match.strong).forEach(addCommand);
  for (const command of matchPullRequestCommands(mine.data?.pullRequests ?? [], q)) {
    add('actions', {
      key: `pull-request:${command.key}`,
      title: command.label,
      subtitle: command.repository,
      icon:
        command.action === 'merge' ? (
          <GitMerge aria-hidden="true" />
        ) : (
          <RefreshCw aria-hidden="true" />
        ),
      external: false,
      run: () => onPullRequestCommand(command),
    });
  }
  // The server's answer, only while it answers a text still typed (not the empty field's).
  const results = q && searched ? (search.data?.results ?? []) : [];
  for (const result of results) {
    const internal = result.href.startsWith('/') && !result.href.startsWith('//');
    add(result.kind, {
      key: `${result.kind}:${result.id}`,
      title: result.title,
      subtitle: result.subtitle,
      icon: kindIcons[result.kind],
      external: !internal,
      run: () => openResult(result, internal),
    });
  }
  commands.filter((match) => !match.strong).forEach(addCommand);
  const options = groups.flatMap((group) => group.options);
  const activeIndex = Math.max(
    0,
    options.findIndex((option) => option.key === activeKey),
  );
  const active = options.length ? options[activeIndex] : undefined;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const activeId = active ? optionId(activeIndex) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (!options.length) return;
    const move = (index: number) => {
      event.preventDefault();
      setActiveKey(options[(index + options.length) % options.length]?.key ?? null);
    };
    if (event.key === 'ArrowDown') move(activeIndex + 1);
    else if (event.key === 'ArrowUp') move(activeIndex - 1);
    else if (event.key === 'PageDown') move(Math.min(options.length - 1, activeIndex + 5));
    else if (event.key === 'PageUp') move(Math.max(0, activeIndex - 5));
    else if (event.key === 'Enter' && active && !event.isComposing) {
      event.preventDefault();
      active.run();
    }
  });
  // The field is the shell's, drawn before this code arrived: its keys are listened to here.
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    field.addEventListener('keydown', listener);
    return () => field.removeEventListener('keydown', listener);
  }, [input]);

  const waiting = q.length > 0 && (q !== searched || search.isFetching);
  const failed = q.length > 0 && search.isError && !search.isFetching;
  const noResults = q.length > 0 && !waiting && !failed && options.length === 0;
  const status = !q
    ? paletteTexts.hint
    : waiting
      ? paletteShellTexts.searching
      : failed
        ? paletteTexts.error
        : noResults
          ? paletteTexts.noResults(q)
          : paletteTexts.count(options.length);

  const expanded = options.length > 0;
  // Before paint, so the field never names an option that is gone.
  useLayoutEffect(() => {
    onComboboxChange({ expanded, activeDescendant: activeId, searching: waiting });
  }, [onComboboxChange, expanded, activeId, waiting]);

  return (
    <>
      {options.length ? (
        <div
          id={listboxId}
          role="listbox"
          aria-label={paletteTexts.listLabel}
          className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-1.5"
        >
          {groups.map((group) => (
            <ul
              key={group.id}
              role="group"
              aria-labelledby={`${baseId}-${group.id}`}
              className="mb-1 last:mb-0"
            >
              <li
                role="presentation"
                id={`${baseId}-${group.id}`}
                className="px-2 pt-2 pb-1 text-xs font-medium text-zinc-500 dark:text-zinc-400"
              >
                {group.label}
              </li>
              {group.options.map((option) => {
                const index = options.indexOf(option);
                const selected = index === activeIndex;
                return (
                  <li
                    key={option.key}
                    id={optionId(index)}
                    role="option"
                    aria-selected={selected}
                    // The focus stays in the field: a press never takes it away.
                    onPointerDown={(event) => event.preventDefault()}
                    onPointerMove={() => {
                      if (!selected) setActiveKey(option.key);
                    }}
                    onClick={option.run}
                    className={cx(
                      'flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm [&_svg]:size-4 [&_svg]:shrink-0',
                      selected
                        ? 'bg-zinc-100 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50'
                        : 'text-zinc-700 dark:text-zinc-300',
                    )}
                  >
                    <span className="text-zinc-500 dark:text-zinc-400">{option.icon}</span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{option.title}</span>
                      {option.subtitle ? (
                        <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                          {option.subtitle}
                        </span>
                      ) : null}
                    </span>
                    {option.external ? (
                      <>
                        <ArrowUpRight
                          aria-hidden="true"
                          className="text-zinc-500 dark:text-zinc-400"
                        />
                        <span className="sr-only">{paletteTexts.opensGithub}</span>
                      </>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          ))}
        </div>
      ) : null}
      <div className="border-t border-zinc-200 px-3 py-2 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
        <p role="status" className={cx(failed && 'text-red-700 dark:text-red-400')}>
          {status}
        </p>
        {noResults ? <p className="mt-0.5">{paletteTexts.noResultsDetail}</p> : null}
        <p aria-hidden="true" className="mt-1 hidden gap-3 sm:flex">
          <span>
            <kbd className="font-sans">↑↓</kbd> {paletteTexts.keys.move}
          </span>
          <span>
            <kbd className="font-sans">Enter</kbd> {paletteTexts.keys.open}
          </span>
          <span>
            <kbd className="font-sans">Esc</kbd> {paletteTexts.keys.close}
          </span>
        </p>
      </div>
    </>
  );
}
