import type { GithubTokenResult, githubTokenResultSchema } from '@shipdeck/shared/github-auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSetUser } from '@/features/auth/hooks/use-set-user';
import { apiClient, unwrap } from '@/lib/api-client';

/** Connects GitHub with a personal access token; the server checks it with GitHub first. */
export async function connectGithubToken(token: string): Promise<GithubTokenResult> {
  const response = await apiClient.put('/auth/github', { token }, { skipErrorToast: true });
  return unwrap<typeof githubTokenResultSchema>(response);
}

export function useConnectGithubToken() {
  const setUser = useSetUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectGithubToken,
    onSuccess: async ({ user }) => {
      setUser(user);
      await queryClient.invalidateQueries({ queryKey: ['github'] });
    },
  });
}
