import { Avatar } from '@/components/ui/avatar';

type PeopleAvatarsProps = {
  logins: readonly string[];
  /** Known pictures by login (the team's members, a pull request's author). */
  avatars: ReadonlyMap<string, string>;
  /** How many pictures to draw before "+N". */
  max?: number;
};

/** Overlapping avatars with the logins beside them: the pictures are decoration, the names are text. */
export function PeopleAvatars({ logins, avatars, max = 4 }: PeopleAvatarsProps) {
  if (logins.length === 0) return null;
  const shown = logins.slice(0, max);
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <span className="flex shrink-0 -space-x-1.5">
        {shown.map((login) => (
          <Avatar
            key={login}
            name={login}
            src={avatars.get(login) ?? null}
            size="sm"
            className="ring-2 ring-white dark:ring-zinc-900"
          />
        ))}
      </span>
      {logins.length > max ? (
        <span className="text-xs text-zinc-500 dark:text-zinc-400">+{logins.length - max}</span>
      ) : null}
    </span>
  );
}
