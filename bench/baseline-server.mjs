// The baseline of the throughput figure: a bare Fastify route returning a constant, nothing else.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/constant', async () => ({ code: '0', msg: '', data: { isSuperAdmin: true, roleData: {} } }));
await app.listen({ port: Number(process.argv[2] ?? 7792), host: '127.0.0.1' });
