import { nightlyBackupJob } from './backup-job';
import { businessDaysJob, volumePreviewJob } from './engine-jobs';
import { kycDeadlineJob } from './kyc-deadline';
import { messageDeliveryJob } from './message-jobs';
import { registerJob } from './registry';
import { retentionJob } from './retention';
import { unpaidOrdersJob } from './shop-jobs';

/**
 * Every job the portal runs (registry.ts says how to write one). Imported once by server.ts; the
 * scheduler starts what is registered here.
 */
registerJob(kycDeadlineJob);
registerJob(businessDaysJob);
registerJob(volumePreviewJob);
registerJob(unpaidOrdersJob);
registerJob(nightlyBackupJob);
registerJob(messageDeliveryJob);
registerJob(retentionJob);
