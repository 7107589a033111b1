/**
 * The accounts module: users and registration, sign-in and sessions (OAuth tokens, refresh,
 * the sign-in ceiling), verification by OTP and e-mail link, notifications, the reference lists.
 *
 * What other modules, the surfaces, the jobs and the server may use of it: everything else is
 * internal (eslint: modules import each other only through index.ts).
 */
export { allConsents } from './consents/repository';
export { consentRoutes } from './consents/routes';
export { countByState as messageCounts } from './messages/repository';
export { deliverMessages, type NewMessage, queueMessages } from './messages/service';
export { messagesQueued, onMessagesQueued } from './messages/signal';
export { staffMessageRoutes } from './messages/staff-routes';
export { dispatchNotifications } from './notifications/dispatch';
export { type NotificationText, notify } from './notifications/notify';
export { notificationRoutes } from './notifications/routes';
export { passkeyRoutes } from './passkeys/routes';
export { passwordRoutes } from './password/routes';
export { referenceRoutes } from './reference/routes';
export { endAccessStamped, loadRevocations, revocationTtlMs, stampTokensValidAfter } from './session/access';
export { setRefreshCookie } from './session/cookies';
export { oauthRoutes, sessionRoutes } from './session/routes';
export { type ClientMeta, sessionForUser } from './session/service';
export { sessionsRoutes } from './session/sessions-routes';
export { findUserByIdentifier, loadUser, memberIdOfUser } from './users/repository';
export { userRoutes } from './users/routes';
export { linkRoutes } from './verification/link-routes';
export { otpRoutes } from './verification/otp-routes';
