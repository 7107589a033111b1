// One client of `npm run bench:abuse` (scripts/bench/abuse.ts), in a process of its own. Prints one
// JSON line per answer ({status, ms}) until it is sent SIGTERM.
//   health BASE                       GET /health every 20 ms
//   post   BASE PATH BYTES            POST an object of as many keys as fit in BYTES, anonymously, in a loop
//   get    BASE PATH TOKEN PARALLEL   GET PATH with the token, PARALLEL loops at once
const [mode, base, ...args] = process.argv.slice(2);
let running = true;
process.on('SIGTERM', () => {
  running = false;
  setTimeout(() => process.exit(0), 200).unref();
});
const line = (status, started) =>
  process.stdout.write(`${JSON.stringify({ status, ms: performance.now() - started })}\n`);

async function timed(url, init) {
  const started = performance.now();
  try {
    const res = await fetch(url, init);
    await res.arrayBuffer();
    line(res.status, started);
  } catch {
    line(0, started);
  }
}

if (mode === 'health') {
  while (running) {
    await timed(`${base}/health`);
    await new Promise((r) => setTimeout(r, 20));
  }
} else if (mode === 'post') {
  const [path, bytes] = args;
  const keys = [];
  let size = 2;
  for (let i = 0; size < Number(bytes) - 16; i++) {
    const k = `"k${i}":1`;
    keys.push(k);
    size += k.length + 1;
  }
  const body = `{${keys.join(',')}}`;
  while (running) {
    await timed(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-key': 'portal-web' },
      body,
    });
  }
} else if (mode === 'get') {
  const [path, token, parallel] = args;
  const loop = async () => {
    while (running)
      await timed(`${base}${path}`, {
        headers: { 'x-app-key': 'portal-web', authorization: `Bearer ${token}` },
      });
  };
  await Promise.all(Array.from({ length: Number(parallel) }, loop));
}
