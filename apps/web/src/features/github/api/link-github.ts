import type { githubLinkResultSchema } from '@shipdeck/shared/github-auth';
import { oauthErrorMessages } from '@shipdeck/shared/sign-in-messages';
import { useMutation } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { navigateFullPage } from '@/utils/full-page-navigation';

/**
 * A full-page navigation carries no bearer header, so a signed-in user first asks the server
 * for an authorize URL whose OAuth state remembers who they are, then goes there.
 */
export async function getGithubLinkUrl(): Promise<string> {
  const response = await apiClient.post('/auth/github/link', {}, { skipErrorToast: true });
  return unwrap<typeof githubLinkResultSchema>(response).url;
}

function linkErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.code === 'SERVICE_UNAVAILABLE') {
    return oauthErrorMessages.oauth_not_configured ?? error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export function useConnectGithub() {
  return useMutation({
    mutationFn: getGithubLinkUrl,
    onSuccess: (url) => navigateFullPage(url),
    onError: (error) => toast.error(linkErrorMessage(error)),
  });
}
