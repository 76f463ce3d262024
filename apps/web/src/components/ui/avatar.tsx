import { useState } from 'react';
import { cx } from '@/utils/cx';

type AvatarProps = {
  name: string;
  src: string | null;
  /** `lg` for the profile page's picture; `sm` in dense rows (a team's people); `md` elsewhere. */
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

const avatarSizes = { sm: 'size-6 text-[10px]', md: 'size-8 text-xs', lg: 'size-14 text-base' };

function initialsOf(name: string): string {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => Array.from(part)[0]?.toUpperCase() ?? '')
    .join('');
  return initials || '?';
}

/** The user's picture, or their initials on a neutral disc when there is none or it fails to load. */
export function Avatar({ name, src, size = 'md', className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = src !== null && src !== failedSrc;
  return (
    <span
      aria-hidden="true"
      className={cx(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-zinc-200 font-semibold text-zinc-700 dark:bg-zinc-700 dark:text-zinc-100',
        avatarSizes[size],
        className,
      )}
    >
      {showImage ? (
        <img
          src={src}
          alt=""
          referrerPolicy="no-referrer"
          className="size-full object-cover"
          onError={() => setFailedSrc(src)}
        />
      ) : (
        initialsOf(name)
      )}
    </span>
  );
}
