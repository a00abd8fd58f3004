// The reference for the lookup benchmark: a bare Fastify route answering a small lead-like JSON object, no database,
// no auth, no logging. Run as its own process (node --import tsx bare-server.ts); prints "bare server on <port>".
import Fastify from 'fastify';

const app = Fastify({ logger: false });

app.get('/api/ap/getByNumber', async (req) => {
  const { cellNumber } = req.query as { cellNumber?: string };
  return {
    id: 1,
    did: 'D-1',
    data_status: 'valid',
    br_id: 'BR1',
    region: 'Dhaka',
    territory: 'Gulshan',
    area: 'North',
    respondent_name: 'Respondent 1',
    cell_number: cellNumber ?? '',
    data_date: '2024-05-01',
    brand: 'Brand A',
    target_selector: 'Smoker',
    for_d: 'd',
    generate_status: 1,
    is_called: 0,
    createdAt: '2024-05-01T00:00:00.000Z',
    'Outlet name': 'Store 1',
    Q1: null,
    Q2: null,
  };
});

const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`bare server on ${new URL(address).port}`);
// Ended by the benchmark with SIGTERM.
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
