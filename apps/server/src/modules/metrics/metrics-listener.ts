import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsListener {
  readonly address: AddressInfo;
  close(): Promise<void>;
}

interface ListenerLogger {
  error(object: object, message: string): void;
}

/**
 * A bare node:http server for Prometheus, apart from the app: nothing of the public app
 * (its routes, sessions, security headers, request log) runs here, and the app never serves
 * `/metrics`. It answers GET and HEAD `/metrics` and 404 to the rest.
 */
export async function startMetricsListener(
  registry: Registry,
  options: { host: string; port: number; log: ListenerLogger },
): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(path === '/metrics' ? 405 : 404, { 'content-type': 'text/plain' });
      response.end(path === '/metrics' ? 'Method Not Allowed\n' : 'Not Found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        options.log.error({ err: error }, 'collecting metrics failed');
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end('collecting metrics failed\n');
      },
    );
  });
  // Prometheus scrapes within seconds; a client slower than this only holds a socket.
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: options.host, port: options.port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  // A TCP listener always has an AddressInfo (a string is for pipes and sockets).
  if (address === null || typeof address === 'string') throw new Error('metrics: no TCP address');
  return {
    address,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Prometheus keeps its connection alive between scrapes: idle ones would hold close().
        server.closeIdleConnections();
      }),
  };
}
