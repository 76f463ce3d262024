import type { TeamMember } from '@shipdeck/shared/teams';
import { useId } from 'react';
import { Select } from '@/components/ui/select';
import type { TeamFilters } from '../hooks/use-team-filters';
import { teamTexts } from '../texts';

/** Staleness steps a lead asks about: a day, two, a working week, two weeks. */
const STALE_STEPS = [4, 24, 48, 120, 336] as const;

function staleLabel(hours: number): string {
  return hours < 24 ? `${hours} hours` : hours === 24 ? '1 day' : `${hours / 24} days`;
}

type WaitingOnFiltersProps = {
  filters: TeamFilters;
  members: readonly TeamMember[];
  onChange: <K extends keyof TeamFilters>(key: K, value: TeamFilters[K]) => void;
};

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        {label}
      </label>
      {children}
    </div>
  );
}

/** Who, how quiet, drafts and order: each kept in the address bar by the caller. */
export function WaitingOnFilters({ filters, members, onChange }: WaitingOnFiltersProps) {
  const id = useId();
  // A login from a shared link that is not (or no longer) a member still shows as chosen.
  const logins = members.map((member) => member.login);
  if (filters.waitingOn && !logins.includes(filters.waitingOn)) logins.push(filters.waitingOn);
  const staleSteps: number[] = [...STALE_STEPS];
  if (filters.stale !== null && !staleSteps.includes(filters.stale)) {
    staleSteps.push(filters.stale);
    staleSteps.sort((a, b) => a - b);
  }
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <Field id={`${id}-who`} label={teamTexts.filters.waitingOn}>
        <Select
          id={`${id}-who`}
          value={filters.waitingOn ?? ''}
          onChange={(event) => onChange('waitingOn', event.target.value || null)}
        >
          <option value="">{teamTexts.filters.anyone}</option>
          {logins.map((login) => (
            <option key={login} value={login}>
              {login}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${id}-stale`} label={teamTexts.filters.stale}>
        <Select
          id={`${id}-stale`}
          value={filters.stale === null ? '' : String(filters.stale)}
          onChange={(event) =>
            onChange('stale', event.target.value === '' ? null : Number(event.target.value))
          }
        >
          <option value="">{teamTexts.filters.anyStaleness}</option>
          {staleSteps.map((hours) => (
            <option key={hours} value={hours}>
              {staleLabel(hours)} or more
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${id}-drafts`} label={teamTexts.filters.drafts}>
        <Select
          id={`${id}-drafts`}
          value={filters.drafts}
          onChange={(event) => onChange('drafts', event.target.value === 'hide' ? 'hide' : 'show')}
        >
          <option value="show">{teamTexts.filters.draftsShow}</option>
          <option value="hide">{teamTexts.filters.draftsHide}</option>
        </Select>
      </Field>
      <Field id={`${id}-sort`} label={teamTexts.filters.sort}>
        <Select
          id={`${id}-sort`}
          value={filters.sort}
          onChange={(event) => onChange('sort', event.target.value === 'stale' ? 'stale' : 'age')}
        >
          <option value="age">{teamTexts.filters.sortAge}</option>
          <option value="stale">{teamTexts.filters.sortStale}</option>
        </Select>
      </Field>
    </div>
  );
}
