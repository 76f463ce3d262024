import { notificationTexts } from '@shipdeck/shared/notification-constants';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { actionFailureReason } from '../api/inbox-actions';

const apiError = (status: number | null, code: string | null, serverMessage: string | null) =>
  new ApiError({ message: 'Something went wrong', status, code, serverMessage, fieldErrors: [] });

describe('actionFailureReason', () => {
  it('says GitHub’s refusal as the server put it', () => {
    expect(actionFailureReason(apiError(403, 'FORBIDDEN', 'GitHub refused the change'))).toBe(
      'GitHub refused the change',
    );
  });

  it('says GitHub did not answer for a 502 the client shows no message of', () => {
    expect(actionFailureReason(apiError(502, 'PROVIDER_ERROR', null))).toBe(
      notificationTexts.githubNoAnswer,
    );
    expect(actionFailureReason(apiError(null, null, null))).toBe('Something went wrong');
    expect(actionFailureReason(new Error('boom'))).toBe('');
  });
});
