import { Button } from '@/components/ui/button';
import { GithubIcon } from '@/components/icons/github-icon';
import { serverPaths } from '@/config/paths';

type GithubSignInButtonProps = {
  label?: string;
  /** The token of the invitation link being used: the server carries it through the sign-in. */
  invitation?: string;
};

/**
 * A plain link, not a router link: /auth/github is answered by the server, which starts the
 * OAuth flow (or sends the browser back to /login?error=oauth_not_configured).
 */
export function GithubSignInButton({
  label = 'Continue with GitHub',
  invitation,
}: GithubSignInButtonProps) {
  const href = invitation
    ? `${serverPaths.githubAuth}?invitation=${encodeURIComponent(invitation)}`
    : serverPaths.githubAuth;
  return (
    <Button asChild variant="outline" size="lg" className="w-full">
      <a href={href}>
        <GithubIcon />
        {label}
      </a>
    </Button>
  );
}
