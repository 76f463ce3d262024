import { GithubIcon } from '@/components/icons/github-icon';
import { EmptyState } from '@/components/ui/empty-state';
import { ConnectGithubActions } from './connect-github-actions';

type ConnectGithubPromptProps = {
  /** What the page would show, e.g. "your repositories". */
  subject: string;
  headingLevel?: 'h2' | 'h3';
};

/** The spec's "GitHub not connected" page state, with the ways this server offers to connect. */
export function ConnectGithubPrompt({ subject, headingLevel }: ConnectGithubPromptProps) {
  return (
    <EmptyState
      icon={<GithubIcon />}
      title="GitHub not connected"
      description={`Connect your GitHub account to see ${subject} here.`}
      headingLevel={headingLevel}
      action={<ConnectGithubActions />}
      className="bg-white dark:bg-zinc-900/40"
    />
  );
}
