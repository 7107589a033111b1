// `npm run check:tree`: recounts the binary tree from the adjacency list alone and reports every
// difference from what placement maintained. Exits non-zero on any finding.
// Uses DATABASE_URL, or the embedded database in DATA_DIR (./data) when the portal is not running.
import { loadConfig } from '../apps/api/src/config';
import { lockDataDir, openDatabase } from '../apps/api/src/db/runtime';
import { checkTree } from '../apps/api/src/modules/network/tree/check';

const config = loadConfig();
const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
const opened = await openDatabase(config);
try {
  const report = await checkTree(opened.database.pool);
  console.log(JSON.stringify(report, null, 2));
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await opened.database.close();
  await opened.embedded?.stop();
  release();
}
