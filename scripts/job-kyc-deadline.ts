// `npm run job:kyc-deadline`: advances the KYC deadline once, now (the server's scheduler also runs it
// at start and daily at 00:05 Bangkok time, on pg-boss). Safe to run at any time and any number of
// times. "Now" is the business clock's (apps/api/src/lib/clock.ts): in demo mode, the demo's date.
// Uses DATABASE_URL, or the embedded database in DATA_DIR (./data) when the portal is not running.
import { loadConfig } from '../apps/api/src/config';
import { lockDataDir, openDatabase } from '../apps/api/src/db/runtime';
import { Redis } from 'ioredis';
import { createRevocationStore } from '../apps/api/src/context';
import { businessNow } from '../apps/api/src/lib/clock';
import { advanceKycDeadlines } from '../apps/api/src/modules/profile/kyc/deadline';
import { endAccessStamped } from '../apps/api/src/modules/accounts/session/access';

const config = loadConfig();
const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
const opened = await openDatabase(config);
try {
  const now = await businessNow(opened.database.db, config);
  const run = await advanceKycDeadlines(opened.database.db, now.at, config.kyc);
  // Members whose suspension began or ended lose their access tokens: in the database (a portal
  // reloads it when it starts) and, with REDIS_URL, at once for every running portal.
  if (config.redisUrl && run.standingChanged.length > 0) {
    const redis = new Redis(config.redisUrl);
    try {
      await endAccessStamped(
        { config, revocations: createRevocationStore(redis, config.redisKeyPrefix) },
        run.standingChanged,
      );
    } finally {
      redis.disconnect();
    }
  }
  console.log(JSON.stringify(run, null, 2));
} finally {
  await opened.database.close();
  await opened.embedded?.stop();
  release();
}
