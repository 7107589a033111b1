/**
 * The profile module: the member's own data (me, avatar, documents, bank accounts, addresses) and
 * KYC with its staff review and deadline.
 *
 * What other modules, the surfaces, the jobs and the server may use of it: everything else is
 * internal (eslint: modules import each other only through index.ts).
 */
export { selectAddresses } from './addresses/repository';
export { addressRoutes } from './addresses/routes';
export { avatarFileRoutes, userAvatarRoutes } from './avatars/routes';
export { bankRoutes } from './banks/routes';
export { documentRoutes } from './documents/routes';
export { allDocumentViews } from './documents/views-repository';
export { documentViewRoutes } from './documents/views-routes';
export { advanceKycDeadlines } from './kyc/deadline';
export { KYC_NOTICES } from './kyc/notices';
export { reasonTexts, storedReason } from './kyc/reasons';
export { loadFacts } from './kyc/repository';
export { kycRoutes } from './kyc/routes';
export { staffKycRoutes } from './kyc/staff-routes';
export { currentStatus } from './kyc/state';
export { meRoutes } from './me/routes';
