import type { LiveEvent } from '@shipdeck/shared/events';
import { useEffect } from 'react';
import { env } from '@/config/env';
import { queryClient } from '@/lib/query-client';
import { toast } from '@/lib/toast';
import { createEventTicket } from '../api/create-event-ticket';
import { liveEventQueryKeys } from './live-event-query-keys';

const EVENT_TYPES = [
  'notification.created',
  'data.changed',
  'sync.progress',
  'session.revoked',
] as const;
const MAX_BACKOFF_MS = 30_000;

/**
 * The signed-in shell's one EventSource. Tickets are single use, so instead of EventSource's own
 * retry (which would resend a spent ticket) it reconnects with a fresh ticket and backoff, and
 * resumes after the last event id it saw.
 */
export function useLiveEvents(enabled: boolean) {
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    let attempt = 0;
    let lastEventId: string | null = null;

    const handle = (message: MessageEvent<string>) => {
      if (message.lastEventId) lastEventId = message.lastEventId;
      attempt = 0;
      // The server builds each event from the shared `LiveEvent` type and names the SSE event
      // after it; the shell does not parse it again with zod (24 KB on every signed-in page).
      let event: LiveEvent;
      try {
        event = JSON.parse(message.data) as LiveEvent;
      } catch {
        return;
      }
      if (typeof event !== 'object' || event === null || event.type !== message.type) return;
      if (event.type === 'session.revoked') {
        // The account's sessions ended (an admin disabled it, or its password was reset) and the
        // server closes the stream. Asking for a ticket at once meets the 401 that signs this tab
        // out and sends it to /login (api-client.ts), instead of after the reconnect's backoff.
        source?.close();
        source = null;
        void connect();
        return;
      }
      for (const queryKey of liveEventQueryKeys(event)) {
        void queryClient.invalidateQueries({ queryKey });
      }
      if (event.type === 'notification.created') {
        toast.info(event.notification.title, { description: event.notification.message });
      }
    };

    const scheduleReconnect = () => {
      if (stopped || timer) return;
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt) * (0.5 + Math.random() / 2);
      attempt += 1;
      timer = setTimeout(() => {
        timer = null;
        void connect();
      }, delay);
    };

    const connect = async () => {
      try {
        const { ticket } = await createEventTicket();
        if (stopped) return;
        const url = new URL('/api/events', env.apiUrl || window.location.origin);
        url.searchParams.set('ticket', ticket);
        if (lastEventId) url.searchParams.set('lastEventId', lastEventId);
        source = new EventSource(url);
        for (const type of EVENT_TYPES) source.addEventListener(type, handle);
        source.onopen = () => {
          // Anything that changed while disconnected and is older than the replay window.
          if (attempt > 0) void queryClient.invalidateQueries({ queryKey: ['notifications'] });
        };
        source.onerror = () => {
          source?.close();
          source = null;
          scheduleReconnect();
        };
      } catch {
        scheduleReconnect();
      }
    };

    void connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [enabled]);
}
