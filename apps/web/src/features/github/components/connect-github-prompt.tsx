import { GithubIcon } from '@/components/icons/github-icon';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { serverPaths } from '@/config/paths';

type ConnectGithubPromptProps = {
  /** What the page would show, e.g. "your repositories". */
  subject: string;
  headingLevel?: 'h2' | 'h3';
};

/** The spec's "GitHub not connected" page state. Connecting is a full-page OAuth redirect. */
export function ConnectGithubPrompt({ subject, headingLevel }: ConnectGithubPromptProps) {
  return (
    <EmptyState
      icon={<GithubIcon />}
      title="GitHub not connected"
      description={`Connect your GitHub account to see ${subject} here.`}
      headingLevel={headingLevel}
      action={
        <Button asChild>
          <a href={serverPaths.githubAuth}>
            <GithubIcon />
            Connect GitHub
          </a>
        </Button>
      }
      className="bg-white dark:bg-zinc-900/40"
    />
  );
}
