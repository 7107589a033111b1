// The load of `npm run bench:checkout`, run as a process of its own (as a load generator is run
// against a real server): the server's event loop serves requests and nothing else, so the client's
// own work (HTTP parsing, JSON, timing) is not counted as the server's. Started by checkout.ts with
// a JSON brief as its one argument; prints its measurements as JSON on stdout.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { rng } from './tree-build';

export interface LoadBrief {
  origin: string;
  /** One access token per client: client i buys as tokens[i]. */
  tokens: string[];
  perClient: number;
  products: number;
  seed: number;
  /** GET /health is sampled alongside the checkouts once every this many ms (a probe, not a client). */
  healthEveryMs: number;
}

export interface LoadResult {
  perClient: { cart: number[]; checkout: number[] }[];
  alone: { cart: number[]; checkout: number[] };
  healthAlone: number[];
  healthDuring: number[];
  seconds: number;
}

const brief = JSON.parse(process.argv[2] ?? '{}') as LoadBrief;
const agent = new http.Agent({ keepAlive: true, maxSockets: brief.tokens.length + 2 });
const random = rng(brief.seed);

function send(method: string, path: string, token: string | null, body?: unknown, headers = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<number>((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      brief.origin + path,
      {
        method,
        agent,
        headers: {
          ...(token ? { 'x-app-key': 'portal-web', authorization: `Bearer ${token}` } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - started;
          if ((res.statusCode ?? 500) >= 300) {
            reject(new Error(`${method} ${path}: ${res.statusCode} ${Buffer.concat(chunks).toString()}`));
          } else resolve(ms);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

type Times = { cart: number[]; checkout: number[] };

async function round(client: number, into: Times | null) {
  const token = brief.tokens[client]!;
  const product = `BENCH${1 + Math.floor(random() * brief.products)}`;
  const cart = await send('POST', '/shop/v1/cart/items', token, {
    product_code: product,
    quantity: 1 + Math.floor(random() * 3),
  });
  const checkout = await send(
    'POST',
    '/shop/v1/orders',
    token,
    { delivery: { method: 'pickup' }, payment_method: 'demo' },
    { 'idempotency-key': randomUUID() },
  );
  into?.cart.push(cart);
  into?.checkout.push(checkout);
}

const clients = brief.tokens.length;
const warm = null;
for (let c = 0; c < clients; c++) for (let k = 0; k < 3; k++) await round(c, warm);
const healthAlone: number[] = [];
for (let k = 0; k < 300; k++) healthAlone.push(await send('GET', '/health', null));
const alone: Times = { cart: [], checkout: [] };
for (let k = 0; k < 40; k++) await round(k % clients, alone);

const perClient: Times[] = Array.from({ length: clients }, () => ({ cart: [], checkout: [] }));
const healthDuring: number[] = [];
let running = true;
const probe = (async () => {
  while (running) {
    const started = performance.now();
    healthDuring.push(await send('GET', '/health', null));
    const wait = brief.healthEveryMs - (performance.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
})();
const started = performance.now();
await Promise.all(
  perClient.map(async (into, c) => {
    for (let k = 0; k < brief.perClient; k++) await round(c, into);
  }),
);
const seconds = (performance.now() - started) / 1000;
running = false;
await probe;
agent.destroy();

const result: LoadResult = { perClient, alone, healthAlone, healthDuring, seconds };
process.stdout.write(JSON.stringify(result));
