import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { templates } from '../../../lib/templates';
import { queueMessages, type NewMessage } from '../messages/service';

type Pending = {
  id: number;
  user_id: number;
  title: string;
  title_th: string;
  body: string;
  body_th: string;
  email: string;
  mobile: string;
  language: string;
  notify_email: boolean;
  notify_sms: boolean;
};

/**
 * The e-mail and SMS copies of new notifications, in the member's language, for those who want them:
 * written to the message outbox in one transaction with marking each notification dispatched, so each
 * copy is written once (rows are claimed with SKIP LOCKED: two processes never take the same one).
 * The message-delivery job runs this before it delivers (jobs/message-jobs.ts). Answers how many
 * notifications it handled.
 */
export async function dispatchNotifications(ctx: AppContext, limit = 200): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<Pending>(sql`
      select n.id, n.user_id, n.title, n.title_th, n.body, n.body_th,
             u.email, u.mobile, u.language, u.notify_email, u.notify_sms
      from notifications n join users u on u.id = n.user_id
      where n.dispatched_at is null and u.deleted_at is null
      order by n.created_at, n.id
      limit ${limit}
      for update of n skip locked`);
    const messages: NewMessage[] = [];
    for (const n of rows) {
      const lang = n.language === 'en' ? 'en' : 'th';
      const title = lang === 'th' ? n.title_th : n.title;
      const body = lang === 'th' ? n.body_th : n.body;
      const base = {
        purpose: 'notification',
        userId: n.user_id,
        language: lang,
        notificationId: n.id,
      } as const;
      if (n.notify_email && n.email)
        messages.push({
          ...base,
          channel: 'email',
          to: n.email,
          ...templates.notificationEmail(lang, title, body, ctx.config.publicUrl),
        });
      if (n.notify_sms && n.mobile)
        messages.push({
          ...base,
          channel: 'sms',
          to: n.mobile,
          text: templates.notificationSms(title, body),
        });
    }
    await queueMessages(tx, ctx.config, messages);
    if (rows.length) {
      await tx.execute(
        sql`update notifications set dispatched_at = now() where id in (${sql.join(
          rows.map((r) => sql`${r.id}`),
          sql`, `,
        )})`,
      );
    }
    return rows.length;
  });
}
