import type { KycRejectReason } from '@portal/contracts/kyc';

/**
 * The rejection reasons staff choose from (contracts KYC_REJECT_REASONS), in English and Thai for the
 * notification the member gets; the portal has the same texts in its locale files. The English text
 * is what is stored (kyc.identity_reason, documents.reason, ...), so it is the key: never reword it
 * without keeping the old text here.
 */
export const KYC_REASON_TEXT: Record<KycRejectReason, { en: string; th: string }> = {
  unreadable: {
    en: 'The photo is blurred or cut off',
    th: 'ภาพไม่ชัดหรือถูกตัดขอบ',
  },
  expired: {
    en: 'The document has expired',
    th: 'เอกสารหมดอายุแล้ว',
  },
  name_mismatch: {
    en: 'The name does not match your profile',
    th: 'ชื่อไม่ตรงกับข้อมูลในโปรไฟล์',
  },
  number_mismatch: {
    en: 'The number does not match what you entered',
    th: 'เลขที่ไม่ตรงกับที่คุณกรอกไว้',
  },
  wrong_document: {
    en: 'This is not the document asked for',
    th: 'เอกสารไม่ตรงกับที่กำหนด',
  },
  selfie_mismatch: {
    en: 'The photo with your ID card does not show you and the card clearly',
    th: 'ภาพถ่ายคู่บัตรไม่เห็นหน้าคุณและบัตรชัดเจน',
  },
};

const NOTE = ' — ';
const KEYS = Object.keys(KYC_REASON_TEXT) as KycRejectReason[];

/** What is stored for a rejection: the reason's English text with the note after it, or the reason in full. */
export function storedReason(key: KycRejectReason | undefined, note: string | undefined): string {
  if (!key) return note ?? '';
  return note ? `${KYC_REASON_TEXT[key].en}${NOTE}${note}` : KYC_REASON_TEXT[key].en;
}

/** A stored reason read back as its key and note; a reason written in full has no key. */
export function reasonFields(stored: string | null): {
  reason_key: KycRejectReason | null;
  reason_note: string | null;
} {
  if (stored !== null) {
    for (const key of KEYS) {
      const text = KYC_REASON_TEXT[key].en;
      if (stored === text) return { reason_key: key, reason_note: null };
      if (stored.startsWith(text + NOTE))
        return { reason_key: key, reason_note: stored.slice(text.length + NOTE.length) };
    }
  }
  return { reason_key: null, reason_note: null };
}

/** The reason in English and in Thai (a note, or a reason written in full, as written). */
export function reasonTexts(stored: string): { en: string; th: string } {
  const { reason_key, reason_note } = reasonFields(stored);
  if (!reason_key) return { en: stored, th: stored };
  const text = KYC_REASON_TEXT[reason_key];
  const note = reason_note ? `${NOTE}${reason_note}` : '';
  return { en: `${text.en}${note}`, th: `${text.th}${note}` };
}
