import { buildApp } from './app';
import { loadConfig } from './config';
import { productionProblems } from './production-checks';
import { migrateDatabase } from './db/migrate';
import { jwtSecret, lockDataDir, openDatabase } from './db/runtime';
import { seedDemo } from './seed/demo';
import { seedDemoHistory } from './seed/history';
import { seedShop } from './seed/shop';
import { businessNow } from './lib/clock';
import { createStorage } from './lib/storage';
import { sweepOrphanUploads } from './lib/storage-sweep';
import './jobs/portal-jobs'; // registers every job the scheduler runs
import { dropAbandonedScratchDatabases } from './db/scratch';
import { startScheduler } from './jobs/scheduler';

/**
 * Starts the portal: lock DATA_DIR, start (or reach) PostgreSQL, migrate, seed the demo once, serve.
 * SIGINT / SIGTERM stop the HTTP server first (it drains open requests), then the database.
 * A database left running by a crashed portal is stopped first; ours stops by itself if this
 * process dies, and is restarted if it dies while we run (decision 010).
 */
async function main() {
  const config = loadConfig();
  const unsafe = productionProblems(config);
  if (unsafe.length)
    throw new Error(`NODE_ENV=production refuses these settings:\n${unsafe.map((l) => `  ${l}`).join('\n')}`);
  const release = lockDataDir(config.dataDir);
  // What the database runner and the pool report (a server left by a crash stopped, the database
  // lost and restarted): on stderr until the app's logger exists, then through it.
  let notice = (line: string) => console.error(line);
  let opened: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    opened = await openDatabase(config, (line) => notice(line));
    await migrateDatabase(opened.database.db);
    const storage = createStorage(config);
    const demo = config.demoSeed ? await seedDemo(opened.database.db, { storage }) : null;
    if (config.demoSeed) await seedShop(opened.database.db, { storage }); // the demo catalog, once
    const app = await buildApp({
      config,
      database: opened.database,
      jwtSecret: jwtSecret(config),
      storage,
      echoOutbox: true, // demo mode only: each OTP code and link is printed here too
    });
    if (demo) {
      // The demo's money: about 90 days of shop orders, closed by the engine day by day (once, when fresh).
      const today = (await businessNow(opened.database.db, config)).date;
      await seedDemoHistory(app.ctx, today, demo.email);
    }
    notice = (line) => app.log.warn(line);
    await sweepOrphanUploads(opened.database.db, storage, app.log); // what a crash during an upload left
    // And the scratch databases of plan simulations whose process died in the middle (issue 19).
    const simulationsLeft = await dropAbandonedScratchDatabases(opened.url).catch((err: unknown) => {
      app.log.warn({ err }, 'could not look for abandoned simulation databases');
      return [];
    });
    if (simulationsLeft.length)
      app.log.warn({ dropped: simulationsLeft }, 'dropped abandoned simulation databases');
    // The jobs (KYC deadline, later the closings) on pg-boss: each runs once however many
    // processes share the database (jobs/registry.ts, decision 016).
    const scheduler = await startScheduler({
      pool: opened.database.pool,
      ctx: app.ctx,
      log: app.log,
      metrics: app.portalMetrics,
    });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
    const lines = [
      '',
      `  Member portal is running at ${url}`,
      `  Database: ${opened.embedded ? `embedded PostgreSQL in ${config.dataDir}/pg` : 'DATABASE_URL'}`,
      `  API docs: ${url}/docs`,
    ];
    if (demo) {
      lines.push(
        `  Demo sign-in: ${demo.email} or ${demo.mobile} / password ${demo.password}`,
        `  Demo invitation code: ${demo.invitationCode}  (${url}/auth/register/${demo.invitationCode})`,
        `  Suspended demo member: ${demo.suspendedEmail} / ${demo.password}`,
        `  Staff (KYC review): ${demo.staffEmail} / ${demo.password}`,
        `  Outbox (OTP codes and e-mail links): ${url}/dev/outbox`,
      );
    }
    console.log(lines.join('\n') + '\n');

    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      app.log.info({ signal }, 'stopping');
      const force = setTimeout(() => process.exit(1), 15_000).unref();
      await app.close();
      await scheduler.stop(); // after the HTTP server: a run in progress may finish meanwhile
      await opened?.database.close();
      await opened?.embedded?.stop();
      release();
      clearTimeout(force);
      process.exit(0);
    };
    process.on('SIGINT', () => void stop('SIGINT'));
    process.on('SIGTERM', () => void stop('SIGTERM'));
  } catch (err) {
    await opened?.database.close().catch(() => {});
    await opened?.embedded?.stop().catch(() => {});
    release();
    throw err;
  }
}

main().catch((err: Error) => {
  console.error(`\nThe portal could not start: ${err.message}\n`);
  process.exit(1);
});
