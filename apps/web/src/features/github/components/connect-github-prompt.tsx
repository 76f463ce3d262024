import { GithubIcon } from '@/components/icons/github-icon';
import { EmptyState } from '@/components/ui/empty-state';
import { ConnectGithubButton } from './connect-github-button';

type ConnectGithubPromptProps = {
  /** What the page would show, e.g. "your repositories". */
  subject: string;
  headingLevel?: 'h2' | 'h3';
};

/** The spec's "GitHub not connected" page state, with the button that starts connecting. */
export function ConnectGithubPrompt({ subject, headingLevel }: ConnectGithubPromptProps) {
  return (
    <EmptyState
      icon={<GithubIcon />}
      title="GitHub not connected"
      description={`Connect your GitHub account to see ${subject} here.`}
      headingLevel={headingLevel}
      action={<ConnectGithubButton />}
      className="bg-white dark:bg-zinc-900/40"
    />
  );
}
