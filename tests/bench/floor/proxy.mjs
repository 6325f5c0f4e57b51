// The floor under any gateway built on our gateway's HTTP stack: Fastify in front, an undici pool to
// the platform, one REST call per request, its JSON read and an answer written, and nothing else (no
// GraphQL, tokens, permissions, limits, metrics or logs). The bench loads it beside our gateway, so
// what our gateway adds over it is what our gateway's own work costs.
//   PLATFORM_API_URL=… GATEWAY_PORT=… node tests/bench/floor/proxy.mjs
// POST /graphql {"path": "/organization/acme-health"} answers {"data":{"floor":<the platform's body>}}.
import Fastify from 'fastify';
import { Pool } from 'undici';

const platform = new URL(process.env.PLATFORM_API_URL);
const basePath = platform.pathname.replace(/\/+$/, '');
// The gateway's pool settings (gateway/src/platform/client.ts).
const pool = new Pool(platform.origin, { connections: 128, keepAliveTimeout: 10_000 });
const app = Fastify({ logger: false });

app.get('/readyz', async () => ({ status: 'ok' }));
app.post('/graphql', async (request, reply) => {
  const answer = await pool.request({
    method: 'GET',
    path: `${basePath}${request.body.path}`,
    headers: { accept: 'application/json', authorization: request.headers.authorization },
  });
  const floor = JSON.parse(await answer.body.text());
  return reply
    .code(answer.statusCode)
    .type('application/json')
    .send(JSON.stringify({ data: { floor } }));
});

await app.listen({ host: process.env.GATEWAY_HOST ?? '127.0.0.1', port: Number(process.env.GATEWAY_PORT) });
process.once('SIGTERM', () => void app.close().then(() => pool.close()));
