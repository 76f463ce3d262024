import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../test-app.js';

const SLOW_CLIENTS = 200;

describe('slow clients', () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    const config = testConfig({ database: { dialect: 'sqlite', filename: ':memory:' } });
    app = await buildApp({
      config: {
        ...config,
        http: { ...config.http, requestTimeoutMs: 2_000, headersTimeoutMs: 1_000 },
      },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  /** Sends headers promising a body, then one byte of it every 300 ms, never finishing. */
  function trickle(): { socket: Socket; closed: Promise<void> } {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.setNoDelay(true);
    socket.write(
      'POST /auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{',
    );
    const timer = setInterval(() => socket.write(' '), 300);
    const closed = new Promise<void>((resolve) =>
      socket.on('close', () => {
        clearInterval(timer);
        resolve();
      }),
    );
    return { socket, closed };
  }

  it('keeps /health answering while 200 clients trickle bodies, and cuts every one of them', async () => {
    const clients = Array.from({ length: SLOW_CLIENTS }, trickle);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(health.status).toBe(200);

    // With no request timeout these never close and the test runs out of time.
    await Promise.all(clients.map((client) => client.closed));
    expect(clients.every((client) => client.socket.destroyed)).toBe(true);

    const after = await fetch(`http://127.0.0.1:${port}/health`);
    expect(after.status).toBe(200);
  }, 20_000);
});
