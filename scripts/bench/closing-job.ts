// The business-days job's work (closeBusinessDays) in a process of its own, for
// `npm run bench:checkout -- --during-closing --closing-process`: what the closing costs checkouts when
// it does not share the API's process. Arguments: the database URL and the day to close; prints the
// seconds it took as JSON.
import { addDays, endOfBangkokDay } from '@portal/plan/dates';
import { closeBusinessDays } from '../../apps/api/src/compensation/days';
import { connect } from '../../apps/api/src/db/client';

const [url, day] = process.argv.slice(2) as [string, string];
const database = connect(url, 2);
try {
  const started = performance.now();
  const now = { date: addDays(day, 1), at: new Date(endOfBangkokDay(day).getTime() + 1) };
  const runs = await closeBusinessDays(database.db, now, 'bench');
  process.stdout.write(JSON.stringify({ ms: performance.now() - started, runs }));
} finally {
  await database.close();
}
