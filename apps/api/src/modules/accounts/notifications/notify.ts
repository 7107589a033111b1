import type { Db, Tx } from '../../../db/client';
import { notifications } from '../../../db/schema/identity';
import type { NotificationText } from '../../../lib/notification-text';

export type { NotificationText };

/** Events that write notifications: each has its English and Thai text. */
export const NOTICES = {
  welcome: (name: string): NotificationText => ({
    kind: 'welcome',
    title: 'Welcome to the member portal',
    titleTh: 'ยินดีต้อนรับสู่ระบบสมาชิก',
    body: `Hello ${name}, your account is verified. Complete your identity and bank verification (KYC) to receive income.`,
    bodyTh: `สวัสดีคุณ ${name} บัญชีของคุณได้รับการยืนยันแล้ว กรุณายืนยันตัวตนและบัญชีธนาคาร (KYC) เพื่อรับรายได้`,
  }),
  passwordChanged: (): NotificationText => ({
    kind: 'password_changed',
    title: 'Your password was changed',
    titleTh: 'รหัสผ่านของคุณถูกเปลี่ยนแล้ว',
    body: 'Your password was changed and your other devices were signed out. If this was not you, reset your password now.',
    bodyTh: 'รหัสผ่านของคุณถูกเปลี่ยนแล้ว และอุปกรณ์อื่นถูกออกจากระบบ หากไม่ใช่คุณ กรุณารีเซ็ตรหัสผ่านทันที',
  }),
  suspension: (message: string, messageTh: string): NotificationText => ({
    kind: 'suspension',
    title: 'Account status',
    titleTh: 'สถานะบัญชี',
    body: message,
    bodyTh: messageTh,
  }),
};

export async function notify(db: Db | Tx, userId: number, n: NotificationText): Promise<void> {
  await notifyMany(db, [{ userId, ...n }]);
}

/** Several notifications in one statement. */
export async function notifyMany(
  db: Db | Tx,
  list: (NotificationText & { userId: number })[],
): Promise<void> {
  if (list.length) await db.insert(notifications).values(list);
}
