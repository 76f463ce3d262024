import { GithubSignInButton } from './github-sign-in-button';
import { OrDivider } from './or-divider';

/**
 * "Continue with GitHub", then "or" before the form. Hidden on a server without a GitHub OAuth
 * app: the server marks such pages' <html> (apps/server/src/plugins/installation-html.ts), so
 * the page the build drew once is right from its first frame on every installation.
 */
export function GithubSignInOption({ invitation }: { invitation?: string }) {
  return (
    <div className="space-y-5 in-data-[github-sign-in=off]:hidden">
      <GithubSignInButton invitation={invitation} />
      <OrDivider />
    </div>
  );
}
