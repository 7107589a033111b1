import type { KycTarget } from '@portal/contracts/kyc';
import type { NotificationText } from '../../accounts';

const PART = {
  identity: { en: 'identity', th: 'ตัวตน' },
  bank: { en: 'bank account', th: 'บัญชีธนาคาร' },
} as const;

/** What the member is told about their KYC, in English and Thai (the portal shows their language). */
export const KYC_NOTICES = {
  submitted: (): NotificationText => ({
    kind: 'kyc_submitted',
    title: 'KYC submitted for review',
    titleTh: 'ส่งข้อมูล KYC เพื่อตรวจสอบแล้ว',
    body: 'Thank you. Staff will review your documents and information; you will be notified of the outcome.',
    bodyTh: 'ขอบคุณ เจ้าหน้าที่จะตรวจสอบเอกสารและข้อมูลของคุณ และจะแจ้งผลให้ทราบ',
  }),
  approved: (target: KycTarget): NotificationText => ({
    kind: `kyc_${target}_approved`,
    title: `Your ${PART[target].en} is verified`,
    titleTh: `ยืนยัน${PART[target].th}เรียบร้อยแล้ว`,
    body: `Staff checked your ${PART[target].en} documents and approved them.`,
    bodyTh: `เจ้าหน้าที่ตรวจสอบเอกสาร${PART[target].th}ของคุณและอนุมัติแล้ว`,
  }),
  /** The reason in both languages (a note or a reason written in full is the same in both). */
  rejected: (target: KycTarget, reason: { en: string; th: string }): NotificationText => ({
    kind: `kyc_${target}_rejected`,
    title: `Your ${PART[target].en} verification was not approved`,
    titleTh: `การยืนยัน${PART[target].th}ไม่ผ่าน`,
    body: `Reason: ${reason.en}. Please correct your documents in your profile and submit again.`,
    bodyTh: `เหตุผล: ${reason.th} กรุณาแก้ไขเอกสารในหน้าโปรไฟล์แล้วส่งตรวจสอบอีกครั้ง`,
  }),
  complete: (wasRestricted: boolean): NotificationText => ({
    kind: 'kyc_complete',
    title: 'KYC complete',
    titleTh: 'ยืนยัน KYC ครบถ้วนแล้ว',
    body: `Your identity and bank account are verified.${wasRestricted ? ' The KYC deadline no longer applies to your account.' : ''}`,
    bodyTh: `ยืนยันตัวตนและบัญชีธนาคารของคุณเรียบร้อยแล้ว${wasRestricted ? ' บัญชีของคุณไม่มีกำหนดเวลายืนยัน KYC อีกต่อไป' : ''}`,
  }),
  deadline: (
    period: 'pending' | 'suspended' | 'cancelled',
    message: string,
    messageTh: string,
  ): NotificationText => ({
    kind: `kyc_deadline_${period}`,
    title:
      period === 'pending'
        ? 'Complete your KYC soon'
        : period === 'suspended'
          ? 'Account suspended'
          : 'Account restored',
    titleTh:
      period === 'pending' ? 'กรุณายืนยัน KYC โดยเร็ว' : period === 'suspended' ? 'บัญชีถูกระงับ' : 'บัญชีกลับมาใช้งานได้',
    body: message,
    bodyTh: messageTh,
  }),
};
