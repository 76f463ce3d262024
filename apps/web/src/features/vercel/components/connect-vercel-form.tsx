import { errorMessages } from '@shipdeck/shared/messages';
import { vercelMessages } from '@shipdeck/shared/vercel-constants';
import type { VercelTeamsResult } from '@shipdeck/shared/vercel';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useCheckVercelToken } from '../api/check-vercel-token';
import { useConnectVercel } from '../api/connect-vercel';
import { useVercelOptions } from '../api/get-vercel-options';

/**
 * The Connect Vercel dialog's body: paste a token (its teams are listed once it is checked), or,
 * when the server has an account of its own (the emulator's demo account in demo mode), use that
 * in one click. Mounted while the dialog is open, so its state starts afresh each time.
 */
export default function ConnectVercelForm({ onConnected: close }: { onConnected: () => void }) {
  const [token, setToken] = useState('');
  const [teamId, setTeamId] = useState('');
  const [checked, setChecked] = useState<VercelTeamsResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const options = useVercelOptions({ enabled: true });
  const check = useCheckVercelToken();
  const connect = useConnectVercel();
  const teamSelectId = useId();

  const onConnected = () => {
    toast.success(vercelMessages.connected);
    close();
  };
  const onFailed = (error: unknown) =>
    setProblem(getErrorMessage(error, vercelMessages.connectFailed));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!token.trim()) {
      setProblem(vercelMessages.tokenRequired);
      return;
    }
    if (!checked) {
      check.mutate({ token }, { onSuccess: setChecked, onError: onFailed });
      return;
    }
    // mutateAsync: the dialog's trigger unmounts once the user is connected, and per-call
    // mutate callbacks would then never run.
    connect.mutateAsync({ token, ...(teamId ? { teamId } : {}) }).then(onConnected, onFailed);
  };

  // The server says whether this person may use its account at all (an admin decides for
  // members), and whether they may act through it or only view.
  const serverAccount = options.data?.serverAccount === true;
  const viewOnly = options.data?.serverAccountCanAct === false;
  const demo = options.data?.demoMode === true;

  return (
    <>
      {serverAccount ? (
        <div className="mb-4 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {demo
              ? 'Demo mode: connect the emulator’s demo Vercel account, no token needed.'
              : 'This server has a Vercel account of its own you can use.'}
          </p>
          {viewOnly ? (
            <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
              {errorMessages.serverVercelViewOnly}
            </p>
          ) : null}
          <Button
            className="mt-2"
            size="sm"
            loading={connect.isPending && !token}
            onClick={() =>
              connect.mutateAsync({ useServerAccount: true }).then(onConnected, onFailed)
            }
          >
            {demo ? 'Use the demo account' : 'Use the server account'}
          </Button>
        </div>
      ) : null}
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <TextField
          label="Access token"
          type="password"
          autoComplete="off"
          value={token}
          onChange={(event) => {
            setToken(event.target.value);
            setChecked(null);
            setTeamId('');
          }}
          hint="Create one at vercel.com/account/tokens."
        />
        {checked ? (
          <div className="space-y-1.5">
            <label
              htmlFor={teamSelectId}
              className="block text-sm font-medium text-zinc-800 dark:text-zinc-200"
            >
              Scope for {checked.username}
            </label>
            <Select
              id={teamSelectId}
              value={teamId}
              onChange={(event) => setTeamId(event.target.value)}
            >
              <option value="">Personal account</option>
              {checked.teams.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name ?? team.slug}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
        {problem ? <Alert>{problem}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button type="submit" loading={check.isPending || (connect.isPending && !!token)}>
            {checked ? 'Connect' : 'Check token'}
          </Button>
        </div>
      </form>
    </>
  );
}
