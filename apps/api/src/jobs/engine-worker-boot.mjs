// The entry of the engine's worker thread (engine-worker.ts, run by engine-apart.ts): a thread starts
// without the process's TypeScript loader, so it registers tsx's before it imports the TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./engine-worker.ts');
