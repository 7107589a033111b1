/**
 * A notification in both languages, as every event that tells a member something writes it: the
 * engine's notices (compensation/notices.ts) and the accounts module's (modules/accounts/notifications).
 */
export interface NotificationText {
  kind: string;
  title: string;
  titleTh: string;
  body: string;
  bodyTh: string;
}
