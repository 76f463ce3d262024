// The floor the store bench measures Shipdeck against: a bare Fastify server, in a process of its
// own like Shipdeck's, answering each path with a body captured from Shipdeck and held in memory
// (no authentication, no database, no schema). Started by bench/store.ts:
//   node --import tsx bench/bare-fastify-server.ts <bodies.json> [port]
// where bodies.json maps a path (with its query string) to { contentType, body }. Prints
// `listening <port>` once it accepts connections.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

interface CapturedAnswer {
  contentType: string;
  body: string;
}

const file = process.argv[2];
if (!file) throw new Error('usage: bare-fastify-server.ts <bodies.json> [port]');
const answers = JSON.parse(readFileSync(file, 'utf8')) as Record<string, CapturedAnswer>;

const app = Fastify({ logger: false });
for (const [url, answer] of Object.entries(answers)) {
  const path = url.split('?')[0] ?? url;
  app.get(path, (_request, reply) => {
    void reply.header('content-type', answer.contentType).send(answer.body);
  });
}
await app.listen({ host: '127.0.0.1', port: Number(process.argv[3] ?? 0) });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
