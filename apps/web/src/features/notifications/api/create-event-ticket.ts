import type { eventTicketResultSchema } from '@shipdeck/shared/events';
import { apiClient, unwrap } from '@/lib/api-client';

/** A single-use ticket for the EventSource, which cannot send the bearer header. */
export async function createEventTicket() {
  const response = await apiClient.post('/api/events/ticket', undefined, {
    skipErrorToast: true,
  });
  return unwrap<typeof eventTicketResultSchema>(response);
}
