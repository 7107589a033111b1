import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context';

type Pending = {
  id: number;
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
 * Sends the e-mail and SMS copies of new notifications, in the member's language, to those who
 * want them, after the transaction that wrote them has committed. Each notification is handled
 * once (rows are claimed with SKIP LOCKED, so two processes never send the same one).
 */
export async function dispatchNotifications(ctx: AppContext, limit = 200): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<Pending>(sql`
      select n.id, n.title, n.title_th, n.body, n.body_th, u.email, u.mobile, u.language, u.notify_email, u.notify_sms
      from notifications n join users u on u.id = n.user_id
      where n.dispatched_at is null and u.deleted_at is null
      order by n.created_at, n.id
      limit ${limit}
      for update of n skip locked`);
    for (const n of rows) {
      const th = n.language === 'th';
      const title = th ? n.title_th : n.title;
      const body = th ? n.body_th : n.body;
      if (n.notify_email)
        await ctx.messaging.mail.send({ to: n.email, purpose: 'notification', subject: title, text: body });
      if (n.notify_sms)
        await ctx.messaging.sms.send({ to: n.mobile, purpose: 'notification', text: `${title}: ${body}` });
    }
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
