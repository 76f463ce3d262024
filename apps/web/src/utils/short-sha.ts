import { truncation } from '@shipdeck/shared/constants';

/** The abbreviated commit hash GitHub shows, e.g. "a1b2c3d". */
export function shortSha(sha: string): string {
  return sha.slice(0, truncation.shortSha);
}
