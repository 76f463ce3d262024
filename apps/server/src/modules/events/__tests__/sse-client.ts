import type { FastifyInstance } from 'fastify';
import { bearer } from '../../../test-app.js';

export interface SseMessage {
  id: string | undefined;
  event: string | undefined;
  data: string;
}

/** A minimal EventSource over fetch for tests: collects parsed messages as they arrive. */
export async function openEventStream(
  app: FastifyInstance,
  baseUrl: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<{ messages: SseMessage[]; next: () => Promise<SseMessage>; close: () => void }> {
  const ticket = await app.inject({
    method: 'POST',
    url: '/api/events/ticket',
    headers: bearer(token),
  });
  const { data } = ticket.json<{ data: { ticket: string } }>();
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events?ticket=${encodeURIComponent(data.ticket)}`, {
    headers,
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`stream ${response.status}`);
  const messages: SseMessage[] = [];
  const waiters: (() => void)[] = [];
  let consumed = 0;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const fields = block.split('\n').filter((line) => !line.startsWith(':'));
          const field = (name: string) =>
            fields.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
          const dataLine = field('data');
          if (dataLine === undefined) continue;
          messages.push({ id: field('id'), event: field('event'), data: dataLine });
          waiters.splice(0).forEach((wake) => wake());
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  const next = async (): Promise<SseMessage> => {
    const deadline = Date.now() + 5000;
    while (messages.length <= consumed) {
      if (Date.now() > deadline) throw new Error('no event arrived');
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    const message = messages[consumed];
    consumed += 1;
    if (!message) throw new Error('unreachable');
    return message;
  };
  return { messages, next, close: () => controller.abort() };
}
