// The load of `npm run bench:checkout`, run as a process of its own (as a load generator is run
// against a real server): the server's event loop serves requests and nothing else, so the client's
// own work (HTTP parsing, JSON, timing) is not counted as the server's. Started by checkout.ts with
// a JSON brief as its one argument; prints its measurements as JSON on stdout.
// With `duringClosing` (npm run bench:checkout -- --during-closing) a second phase follows the quiet
// one: the load says 'quiet-done' over IPC, the server starts a daily closing and says
// 'closing-started', and the same 8 clients check out until it says 'closing-done'. An error answer
// in that phase is counted and reported rather than ending the run.
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
  /** Then check out again while the server runs a daily closing (the messages above). */
  duringClosing?: boolean;
}

export interface LoadResult {
  perClient: { cart: number[]; checkout: number[] }[];
  alone: { cart: number[]; checkout: number[] };
  healthAlone: number[];
  healthDuring: number[];
  seconds: number;
  closing?: {
    perClient: { cart: number[]; checkout: number[] }[];
    health: number[];
    seconds: number;
    errors: number;
    firstError: string | null;
  };
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

/** Checkouts of every client until `more()` says stop, with GET /health sampled meanwhile. */
async function phase(more: (client: number, done: number) => boolean, countErrors: boolean) {
  const perClient: Times[] = Array.from({ length: clients }, () => ({ cart: [], checkout: [] }));
  const health: number[] = [];
  const errors: string[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      try {
        health.push(await send('GET', '/health', null));
      } catch (e) {
        if (!countErrors) throw e;
        errors.push(String(e));
      }
      const wait = brief.healthEveryMs - (performance.now() - started);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  })();
  const started = performance.now();
  await Promise.all(
    perClient.map(async (into, c) => {
      for (let k = 0; more(c, k); k++) {
        try {
          await round(c, into);
        } catch (e) {
          if (!countErrors) throw e;
          errors.push(String(e));
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await probe;
  return { perClient, health, seconds, errors };
}

const quiet = await phase((_, k) => k < brief.perClient, false);

let closing: LoadResult['closing'];
if (brief.duringClosing) {
  // The server starts its closing when told the quiet phase is over, and says when it has ended.
  let closingDone = false;
  const started = new Promise<void>((resolve) =>
    process.on('message', (m) => {
      if (m === 'closing-started') resolve();
      if (m === 'closing-done') closingDone = true;
    }),
  );
  process.send!('quiet-done');
  await started;
  const during = await phase(() => !closingDone, true);
  closing = {
    perClient: during.perClient,
    health: during.health,
    seconds: during.seconds,
    errors: during.errors.length,
    firstError: during.errors[0] ?? null,
  };
}
agent.destroy();

const result: LoadResult = {
  perClient: quiet.perClient,
  alone,
  healthAlone,
  healthDuring: quiet.health,
  seconds: quiet.seconds,
  closing,
};
process.stdout.write(JSON.stringify(result));
process.disconnect?.();
