import { kycDeadlineJob } from './kyc-deadline';
import { registerJob } from './registry';

/**
 * Every job the portal runs (registry.ts says how to write one). Imported once by server.ts; the
 * scheduler starts what is registered here. Planned: daily closing (00:30), monthly MTA (the 1st),
 * hold deadlines and the payout run (Tuesday), from the compensation engine.
 */
registerJob(kycDeadlineJob);
