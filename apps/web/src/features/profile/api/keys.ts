/**
 * Every profile query key starts with 'profile': a change to documents, banks or addresses
 * invalidates the prefix, which also refreshes the KYC checklist the change may complete.
 */
export const PROFILE_KEY = ['profile'] as const;
