import type { ReactNode } from 'react';
import { useUser } from '@/features/auth/hooks/use-session';
import { ConnectGithubPrompt } from './connect-github-prompt';

type GithubGateProps = { subject: string; children: ReactNode };

/** Pages built on GitHub data need a connected account (spec §6); otherwise, the prompt. */
export function GithubGate({ subject, children }: GithubGateProps) {
  const user = useUser();
  if (user.githubId === null) return <ConnectGithubPrompt subject={subject} />;
  return children;
}
