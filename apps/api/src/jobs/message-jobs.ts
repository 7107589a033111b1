import { deliverMessages, dispatchNotifications, onMessagesQueued } from '../modules/accounts';
import type { JobDefinition } from './registry';

/**
 * Delivers the message outbox (decision 043): first the e-mail and SMS copies of new notifications
 * are written to it, then every message due is handed to its transport. It runs every minute, at
 * start, at once when a request has queued messages (wakeOn), and again when the next message
 * waiting for another try is due (again), so a try comes at its time rather than at the next minute.
 */
export const messageDeliveryJob: JobDefinition = {
  name: 'message-delivery',
  cron: '* * * * *',
  runAtStart: true,
  expireInSeconds: 15 * 60,
  wakeOn: onMessagesQueued,
  handler: async ({ ctx, again }) => {
    const notifications = await dispatchNotifications(ctx);
    const { nextDueAt, ...counts } = await deliverMessages(ctx);
    // Within the minute: the schedule covers anything later.
    if (nextDueAt && again && nextDueAt.getTime() < Date.now() + 60_000) await again(nextDueAt);
    return { notifications, ...counts };
  },
};
