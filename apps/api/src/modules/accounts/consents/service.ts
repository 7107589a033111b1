import {
  LEGAL_DOCUMENT_KINDS,
  LEGAL_DOCUMENTS,
  type ConsentBody,
  type ConsentState,
} from '@portal/contracts/privacy';
import { MSG } from '@portal/contracts/messages';
import type { Db, Tx } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { insertConsents, latestConsents } from './repository';

/** The versions in force, as registration records them. */
export const currentVersions = () =>
  LEGAL_DOCUMENT_KINDS.map((document) => ({ document, version: LEGAL_DOCUMENTS[document].version }));

/** Registration accepted the terms and the privacy notice in force (decision 045). */
export function recordRegistrationConsents(tx: Tx, userId: number, ip: string | null) {
  return insertConsents(tx, userId, currentVersions(), { ip, source: 'registration' });
}

/** Each document in force, what the member last accepted, and whether the portal should ask. */
export async function consentStates(db: Db, userId: number): Promise<ConsentState[]> {
  const latest = await latestConsents(db, userId);
  return LEGAL_DOCUMENT_KINDS.map((document) => {
    const { version, effective } = LEGAL_DOCUMENTS[document];
    const accepted = latest.find((c) => c.document === document);
    return {
      document,
      version,
      effective,
      accepted_version: accepted?.version ?? null,
      accepted_at: accepted?.acceptedAt.toISOString() ?? null,
      due: accepted?.version !== version,
    };
  });
}

/**
 * A member accepts a document when the portal asks (decision 045). Only the version in force: a
 * page opened before a new version took effect is refused, so what is recorded is what was read.
 * Accepting the version already accepted records nothing more.
 */
export async function acceptConsent(
  db: Db,
  userId: number,
  body: ConsentBody,
  ip: string | null,
): Promise<ConsentState[]> {
  const inForce = LEGAL_DOCUMENTS[body.document].version;
  if (body.version !== inForce) {
    throw new AppError(422, 'VALIDATION_ERROR', MSG.consentVersion, { version: [MSG.consentVersion] });
  }
  const latest = await latestConsents(db, userId);
  if (latest.find((c) => c.document === body.document)?.version !== inForce) {
    await insertConsents(db, userId, [{ document: body.document, version: inForce }], {
      ip,
      source: 'sign-in',
    });
  }
  return consentStates(db, userId);
}
