import type { ReviewerCandidates } from '@shipdeck/shared/pull-request-actions';
import { Check, UsersRound, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { toast } from '@/lib/toast';
import { cx } from '@/utils/cx';
import { useReviewerCandidates } from '../api/get-reviewer-candidates';
import { useRequestReviewers } from '../api/request-reviewers';
import { actionErrorMessage } from '../action-error-message';
import { type PullRequestRef, pullRequestName } from '../pull-request-ref';
import { pullRequestActionTexts } from '../texts';

const texts = pullRequestActionTexts.requestReviewers;

type Candidate =
  | { kind: 'user'; key: string; login: string; avatarUrl: string; onShipdeck: boolean }
  | { kind: 'team'; key: string; slug: string; name: string; org: string };

/** People with Shipdeck accounts first (keeping the server's order within each), then teams. */
export function candidateOptions(candidates: ReviewerCandidates | undefined): Candidate[] {
  if (!candidates) return [];
  const users = [...candidates.users]
    .map((user, index) => ({ user, index }))
    .sort((a, b) => Number(b.user.onShipdeck) - Number(a.user.onShipdeck) || a.index - b.index)
    .map(({ user }): Candidate => ({ kind: 'user', key: `user:${user.login}`, ...user }));
  const teams = candidates.teams.map((team): Candidate => ({
    kind: 'team',
    key: `team:${team.slug}`,
    ...team,
  }));
  return [...users, ...teams];
}

function candidateName(candidate: Candidate): string {
  return candidate.kind === 'user' ? candidate.login : `${candidate.org}/${candidate.slug}`;
}

/** Long enough to skip the requests of a name typed at speed. */
const DEBOUNCE_MS = 150;

/**
 * Asks people and teams for a review: a typeahead over the repository's collaborators and the
 * teams that can see it (WAI-ARIA combobox: the focus stays in the field), the chosen ones as
 * removable chips, one request for all of them.
 */
export function RequestReviewersDialog({
  pullRequest,
  onClose,
}: {
  pullRequest: PullRequestRef;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const candidates = useReviewerCandidates(pullRequest, q);
  const request = useRequestReviewers(pullRequest);
  const [chosen, setChosen] = useState<Candidate[]>([]);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;

  const options = candidateOptions(candidates.data);
  const activeIndex = Math.max(
    0,
    options.findIndex((option) => option.key === activeKey),
  );
  const active = options[activeIndex];
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const isChosen = (candidate: Candidate) => chosen.some((entry) => entry.key === candidate.key);

  const toggle = (candidate: Candidate) => {
    setMissing(false);
    setChosen((current) =>
      current.some((entry) => entry.key === candidate.key)
        ? current.filter((entry) => entry.key !== candidate.key)
        : [...current, candidate],
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!options.length) return;
    const move = (index: number) => {
      event.preventDefault();
      setActiveKey(options[(index + options.length) % options.length]?.key ?? null);
    };
    if (event.key === 'ArrowDown') move(activeIndex + 1);
    else if (event.key === 'ArrowUp') move(activeIndex - 1);
    else if (event.key === 'Enter' && active && !event.nativeEvent.isComposing) {
      event.preventDefault();
      toggle(active);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setMissing(true);
      return;
    }
    const reviewers = chosen.flatMap((entry) => (entry.kind === 'user' ? [entry.login] : []));
    const teamReviewers = chosen.flatMap((entry) => (entry.kind === 'team' ? [entry.slug] : []));
    request.mutate(
      { reviewers, teamReviewers },
      {
        onSuccess: () => {
          toast.success(
            pullRequestActionTexts.results.reviewersRequested(
              chosen.map(candidateName),
              pullRequestName(pullRequest),
            ),
          );
          onClose();
        },
      },
    );
  };

  const users = options.filter((option) => option.kind === 'user');
  const teams = options.filter((option) => option.kind === 'team');
  const renderOption = (option: Candidate) => {
    const index = options.indexOf(option);
    const selected = isChosen(option);
    return (
      <li
        key={option.key}
        id={optionId(index)}
        role="option"
        aria-selected={selected}
        onPointerDown={(event) => event.preventDefault()}
        onPointerMove={() => {
          if (activeKey !== option.key) setActiveKey(option.key);
        }}
        onClick={() => toggle(option)}
        className={cx(
          'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm',
          index === activeIndex
            ? 'bg-zinc-100 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50'
            : 'text-zinc-700 dark:text-zinc-300',
        )}
      >
        {option.kind === 'user' ? (
          <Avatar name={option.login} src={option.avatarUrl || null} size="sm" />
        ) : (
          <UsersRound aria-hidden="true" className="size-4 text-zinc-500 dark:text-zinc-400" />
        )}
        <span className="min-w-0 flex-1 truncate">
          {option.kind === 'user' ? option.login : option.name}
          {option.kind === 'team' ? (
            <span className="ml-1 text-xs text-zinc-500 dark:text-zinc-400">
              @{option.org}/{option.slug}
            </span>
          ) : null}
        </span>
        {/* A space, so a screen reader says "monalisa On Shipdeck", not one run-on word. */}{' '}
        {option.kind === 'user' && option.onShipdeck ? (
          <Badge variant="primary" size="sm">
            {texts.onShipdeck}
          </Badge>
        ) : null}
        {selected ? (
          <Check aria-hidden="true" className="size-4 text-blue-700 dark:text-blue-400" />
        ) : null}
      </li>
    );
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={texts.title(pullRequest.number)} description={pullRequest.title}>
        <form className="space-y-3" onSubmit={submit} noValidate>
          <div className="space-y-1.5">
            <label
              htmlFor={`${baseId}-input`}
              className="block text-sm font-medium text-zinc-800 dark:text-zinc-200"
            >
              {texts.search}
            </label>
            <Input
              id={`${baseId}-input`}
              type="text"
              role="combobox"
              aria-expanded={options.length > 0}
              aria-controls={listboxId}
              aria-activedescendant={options.length ? optionId(activeIndex) : undefined}
              aria-autocomplete="list"
              aria-describedby={`${baseId}-hint`}
              autoComplete="off"
              spellCheck={false}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setActiveKey(null);
              }}
              onKeyDown={onKeyDown}
            />
            <p id={`${baseId}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
              {texts.searchHint}
            </p>
          </div>
          <div
            id={listboxId}
            role="listbox"
            aria-label={texts.search}
            aria-multiselectable="true"
            className={cx(
              'max-h-56 overflow-y-auto overscroll-contain',
              options.length > 0 && 'rounded-md border border-zinc-200 p-1 dark:border-zinc-800',
            )}
          >
            {users.length ? (
              <ul role="group" aria-labelledby={`${baseId}-people`}>
                <li
                  role="presentation"
                  id={`${baseId}-people`}
                  className="px-2 pt-1 pb-0.5 text-xs font-medium text-zinc-500 dark:text-zinc-400"
                >
                  {texts.people}
                </li>
                {users.map(renderOption)}
              </ul>
            ) : null}
            {teams.length ? (
              <ul role="group" aria-labelledby={`${baseId}-teams`}>
                <li
                  role="presentation"
                  id={`${baseId}-teams`}
                  className="px-2 pt-1 pb-0.5 text-xs font-medium text-zinc-500 dark:text-zinc-400"
                >
                  {texts.teams}
                </li>
                {teams.map(renderOption)}
              </ul>
            ) : null}
          </div>
          <p role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
            {candidates.isFetching ? (
              <span className="inline-flex items-center gap-1">
                <Spinner className="size-3" /> {texts.searching}
              </span>
            ) : candidates.isError ? (
              actionErrorMessage(candidates.error)
            ) : options.length === 0 ? (
              texts.none
            ) : null}
          </p>
          {chosen.length ? (
            <div>
              <p className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">
                {texts.chosen}
              </p>
              <ul className="flex flex-wrap gap-1.5">
                {chosen.map((entry) => (
                  <li key={entry.key}>
                    <Badge variant="default" size="md" className="pr-0.5">
                      {candidateName(entry)}
                      <button
                        type="button"
                        aria-label={texts.remove(candidateName(entry))}
                        onClick={() => toggle(entry)}
                        className="cursor-pointer rounded-full p-0.5 hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-zinc-700"
                      >
                        <X aria-hidden="true" />
                      </button>
                    </Badge>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {missing ? <Alert>{texts.noneChosen}</Alert> : null}
          {request.isError ? <Alert>{actionErrorMessage(request.error)}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button size="sm" variant="outline" onClick={onClose}>
              {texts.cancel}
            </Button>
            <Button size="sm" type="submit" loading={request.isPending}>
              {texts.confirm}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
