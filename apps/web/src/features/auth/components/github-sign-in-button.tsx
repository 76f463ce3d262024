import { Button } from '@/components/ui/button';
import { GithubIcon } from '@/components/icons/github-icon';
import { serverPaths } from '@/config/paths';

/**
 * A plain link, not a router link: /auth/github is answered by the server, which starts the
 * OAuth flow (or sends the browser back to /login?error=oauth_not_configured).
 */
export function GithubSignInButton({ label = 'Continue with GitHub' }: { label?: string }) {
  return (
    <Button asChild variant="outline" size="lg" className="w-full">
      <a href={serverPaths.githubAuth}>
        <GithubIcon />
        {label}
      </a>
    </Button>
  );
}
