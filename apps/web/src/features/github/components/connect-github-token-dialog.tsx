import {
  GITHUB_FINE_GRAINED_PERMISSIONS,
  GITHUB_TOKEN_SUGGESTED_SCOPES,
  GITHUB_TOKENS_PATH,
} from '@shipdeck/shared/github-token-scopes';
import { errorMessages } from '@shipdeck/shared/messages';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { useGithubWebLink } from '@/features/meta/api/get-meta';
import { ApiError, getErrorMessage } from '@/lib/api-error';
import { useConnectGithubToken } from '../api/connect-github-token';

type Connected = { login: string; scopes: string[] };

/** What a token's scopes mean for Shipdeck, in words. */
function scopesNote(scopes: string[]): string {
  if (scopes.length === 0) {
    return 'GitHub reports no classic scopes: a fine-grained token. Shipdeck sees what its repository permissions allow.';
  }
  if (!scopes.includes('repo')) {
    return 'Without the repo scope, Shipdeck sees public repositories only.';
  }
  return 'Shipdeck can read your public and private repositories.';
}

const listFormat = new Intl.ListFormat('en', { type: 'conjunction' });

type ConnectGithubTokenDialogProps = {
  showTrigger: boolean;
  triggerLabel?: string;
  triggerVariant?: ButtonProps['variant'];
  triggerSize?: ButtonProps['size'];
};

/**
 * Connect GitHub with a personal access token (classic or fine-grained): the way in on a server
 * without an OAuth app, and beside OAuth where there is one. The server checks the token with
 * GitHub; the answer names the scopes GitHub reports. Kept mounted by its caller so the result
 * stays on screen after the user becomes connected.
 */
export function ConnectGithubTokenDialog({
  showTrigger,
  triggerLabel = 'Use a token',
  triggerVariant = 'outline',
  triggerSize = 'sm',
}: ConnectGithubTokenDialogProps) {
  const tokensPage = useGithubWebLink(GITHUB_TOKENS_PATH);
  const [open, setOpen] = useState(false);
  const [token, setToken] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [connected, setConnected] = useState<Connected | null>(null);
  const connect = useConnectGithubToken();

  const reset = () => {
    setToken('');
    setFieldError(null);
    setProblem(null);
    setConnected(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    setProblem(null);
    if (!token.trim()) {
      setFieldError('Token is required');
      return;
    }
    connect.mutateAsync(token.trim()).then(
      ({ user, scopes }) => {
        setToken('');
        setConnected({ login: user.githubLogin ?? 'your GitHub account', scopes });
      },
      (error: unknown) => {
        const onToken =
          error instanceof ApiError
            ? error.fieldErrors.find((field) => field.field.endsWith('token'))
            : undefined;
        // Schema messages name no subject ("is not a GitHub token"): say what they are about.
        if (onToken)
          setFieldError(
            /^is /.test(onToken.message) ? `Token ${onToken.message}` : onToken.message,
          );
        else setProblem(getErrorMessage(error, errorMessages.connectGithubToken));
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      {showTrigger ? (
        <DialogTrigger asChild>
          <Button variant={triggerVariant} size={triggerSize}>
            {triggerLabel}
          </Button>
        </DialogTrigger>
      ) : null}
      <DialogContent
        title="Connect GitHub with a token"
        description="Paste a personal access token (classic or fine-grained). Shipdeck checks it with GitHub, stores it encrypted and never shows it again."
      >
        {connected ? (
          <div className="space-y-3" role="status">
            <p className="text-sm text-zinc-800 dark:text-zinc-200">
              Connected as <strong>{connected.login}</strong>.
            </p>
            {connected.scopes.length > 0 ? (
              <div>
                <p className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
                  Scopes GitHub reports for this token
                </p>
                <ul aria-label="Token scopes" className="mt-1 flex flex-wrap gap-1.5">
                  {connected.scopes.map((scope) => (
                    <li
                      key={scope}
                      className="rounded border border-zinc-200 px-1.5 py-0.5 font-mono text-xs text-zinc-800 dark:border-zinc-700 dark:text-zinc-200"
                    >
                      {scope}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {scopesNote(connected.scopes)}
            </p>
            <div className="flex justify-end">
              <Button size="sm" onClick={() => setOpen(false)}>
                Done
              </Button>
            </div>
          </div>
        ) : (
          <form onSubmit={onSubmit} className="space-y-4" noValidate>
            <TextField
              label="Personal access token"
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={token}
              error={fieldError ?? undefined}
              onChange={(event) => {
                setToken(event.target.value);
                setFieldError(null);
              }}
            />
            <div className="space-y-1 text-xs text-zinc-600 dark:text-zinc-400">
              <p>
                A classic token needs the {listFormat.format(GITHUB_TOKEN_SUGGESTED_SCOPES)} scopes
                (<code>public_repo</code> instead of <code>repo</code> shows public repositories
                only).
              </p>
              <p>
                A fine-grained token works with read-only access to{' '}
                {listFormat.format(GITHUB_FINE_GRAINED_PERMISSIONS.map((p) => p.toLowerCase()))} on
                the repositories you choose.
              </p>
              {tokensPage ? (
                <p>
                  Make one on{' '}
                  <a
                    href={tokensPage}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-medium break-all text-blue-600 hover:underline dark:text-blue-400"
                  >
                    {tokensPage.replace(/^https?:\/\//, '')}
                  </a>
                  .
                </p>
              ) : null}
            </div>
            {problem ? <Alert>{problem}</Alert> : null}
            <div className="flex justify-end">
              <Button type="submit" loading={connect.isPending}>
                Connect
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
