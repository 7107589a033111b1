/**
 * Message texts for SMS and e-mail, in the member's language. An e-mail has a plain text and an HTML
 * part saying the same (nodemailer `text` and `html`); the HTML is a single column with inline styles,
 * which mail programs show alike.
 */
export type Lang = 'th' | 'en';
export type OtpPurpose = 'onboarding' | 'reset-password' | 'change-email' | 'change-mobile';

export interface Email {
  subject: string;
  text: string;
  html: string;
}

/** What an OTP is for, as the message says it ("… for …"). */
const OTP_ACTION: Record<OtpPurpose, Record<Lang, string>> = {
  onboarding: { th: 'ยืนยันบัญชีสมาชิก', en: 'verify your member account' },
  'reset-password': { th: 'ตั้งรหัสผ่านใหม่', en: 'reset your password' },
  'change-email': { th: 'เปลี่ยนอีเมล', en: 'change your e-mail address' },
  'change-mobile': { th: 'เปลี่ยนเบอร์มือถือ', en: 'change your mobile number' },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface EmailParts {
  heading: string;
  /** Paragraphs of plain text; line breaks inside one are kept. */
  paragraphs: string[];
  /** A code shown large (an OTP, a reset code). */
  code?: string;
  /** A button, and the address written out under it for mail programs that hide buttons. */
  button?: { label: string; href: string };
  /** Small print at the end. */
  footer?: string;
}

/** The HTML part of an e-mail: every text escaped, the link only as an http(s) address. */
function emailHtml(lang: Lang, p: EmailParts): string {
  const font = `font-family:Sarabun,Tahoma,'Leelawadee UI',Arial,sans-serif`;
  const para = (t: string) =>
    `<p style="margin:0 0 16px;${font};font-size:16px;line-height:1.6;color:#222">${escapeHtml(t).replace(/\n/g, '<br>')}</p>`;
  const parts = [
    `<h1 style="margin:0 0 16px;${font};font-size:22px;color:#111">${escapeHtml(p.heading)}</h1>`,
  ];
  parts.push(...p.paragraphs.map(para));
  if (p.code)
    parts.push(
      `<p style="margin:0 0 16px;font-family:monospace;font-size:28px;letter-spacing:6px;font-weight:bold;color:#111">${escapeHtml(p.code)}</p>`,
    );
  if (p.button && /^https?:\/\//.test(p.button.href)) {
    const href = escapeHtml(p.button.href);
    parts.push(
      `<p style="margin:0 0 16px"><a href="${href}" style="display:inline-block;padding:12px 24px;background:#1c7ed6;color:#fff;text-decoration:none;border-radius:6px;${font};font-size:16px">${escapeHtml(p.button.label)}</a></p>`,
      `<p style="margin:0 0 16px;${font};font-size:13px;color:#555;word-break:break-all"><a href="${href}" style="color:#1c7ed6">${href}</a></p>`,
    );
  }
  if (p.footer)
    parts.push(`<p style="margin:24px 0 0;${font};font-size:13px;color:#777">${escapeHtml(p.footer)}</p>`);
  return [
    '<!doctype html>',
    `<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(p.heading)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f5f7">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px"><tr><td style="padding:28px">',
    ...parts,
    '</td></tr></table></td></tr></table></body></html>',
  ].join('\n');
}

export const templates = {
  /**
   * An OTP by SMS, worded as Thai banks word theirs: the code, the reference the screen shows, what
   * it is for, how long it lasts, and never to tell it to anyone.
   */
  otpSms: (lang: Lang, purpose: OtpPurpose, code: string, ref: string, minutes: number) =>
    lang === 'th'
      ? `รหัส OTP ${code} (Ref: ${ref}) สำหรับ${OTP_ACTION[purpose].th} ใช้ได้ภายใน ${minutes} นาที ห้ามบอกรหัสนี้แก่ผู้อื่นไม่ว่ากรณีใด`
      : `OTP ${code} (Ref: ${ref}) to ${OTP_ACTION[purpose].en}. Valid for ${minutes} minutes. Never share this code with anyone.`,

  otpEmail: (lang: Lang, purpose: OtpPurpose, code: string, ref: string, minutes: number): Email => {
    const th = lang === 'th';
    const subject = th ? `รหัส OTP ของคุณ (Ref: ${ref})` : `Your one-time code (Ref: ${ref})`;
    const intro = th
      ? `รหัส OTP สำหรับ${OTP_ACTION[purpose].th} (Ref: ${ref}) คือ`
      : `Your one-time code to ${OTP_ACTION[purpose].en} (Ref: ${ref}) is`;
    const rule = th
      ? `ใช้ได้ภายใน ${minutes} นาที ห้ามบอกรหัสนี้แก่ผู้อื่นไม่ว่ากรณีใด`
      : `It is valid for ${minutes} minutes. Never share this code with anyone.`;
    const footer = th
      ? 'หากคุณไม่ได้ขอรหัสนี้ โปรดเพิกเฉยต่ออีเมลนี้'
      : 'If you did not ask for this code, ignore this e-mail.';
    return {
      subject,
      text: `${templates.otpSms(lang, purpose, code, ref, minutes)}\n\n${footer}`,
      html: emailHtml(lang, { heading: subject, paragraphs: [intro], code, footer: `${rule} ${footer}` }),
    };
  },

  activation: (lang: Lang, name: string, link: string): Email => {
    const th = lang === 'th';
    const subject = th ? 'ยืนยันอีเมลของคุณ' : 'Confirm your e-mail address';
    const hello = th ? `สวัสดีคุณ ${name}` : `Hello ${name},`;
    const ask = th
      ? 'กรุณายืนยันอีเมลของคุณโดยเปิดลิงก์นี้:'
      : 'Please confirm your e-mail address by opening this link:';
    const footer = th
      ? 'หากคุณไม่ได้สมัครสมาชิก โปรดเพิกเฉยต่ออีเมลนี้'
      : 'If you did not sign up, ignore this e-mail.';
    return {
      subject,
      text: `${hello}\n\n${ask}\n${link}\n\n${footer}`,
      html: emailHtml(lang, {
        heading: subject,
        paragraphs: [hello, ask],
        button: { label: th ? 'ยืนยันอีเมล' : 'Confirm e-mail', href: link },
        footer,
      }),
    };
  },

  passwordReset: (lang: Lang, name: string, code: string, link: string, minutes: number): Email => {
    const th = lang === 'th';
    const subject = th ? 'รีเซ็ตรหัสผ่าน' : 'Reset your password';
    const hello = th ? `สวัสดีคุณ ${name}` : `Hello ${name},`;
    const codeLine = th ? `รหัสสำหรับรีเซ็ตรหัสผ่านคือ ${code}` : `Your password reset code is ${code}`;
    const orLink = th ? 'หรือเปิดลิงก์นี้:' : 'or open this link:';
    const valid = th ? `ใช้ได้ภายใน ${minutes} นาที` : `It is valid for ${minutes} minutes.`;
    const footer = th
      ? 'หากคุณไม่ได้ขอรีเซ็ตรหัสผ่าน โปรดเพิกเฉยต่ออีเมลนี้'
      : 'If you did not ask to reset your password, ignore this e-mail.';
    return {
      subject,
      text: `${hello}\n\n${codeLine}\n${orLink} ${link}\n${valid}\n\n${footer}`,
      html: emailHtml(lang, {
        heading: subject,
        paragraphs: [hello, th ? 'รหัสสำหรับรีเซ็ตรหัสผ่านคือ' : 'Your password reset code is'],
        code,
        button: { label: th ? 'ตั้งรหัสผ่านใหม่' : 'Set a new password', href: link },
        footer: `${valid} ${footer}`,
      }),
    };
  },

  /** A notification's e-mail copy: its title and text in the member's language. */
  notificationEmail: (lang: Lang, title: string, body: string, portalUrl: string): Email => {
    const th = lang === 'th';
    const footer = th
      ? 'คุณได้รับอีเมลนี้เพราะเปิดรับการแจ้งเตือนทางอีเมลไว้ ปิดได้ที่หน้าตั้งค่าในระบบสมาชิก'
      : 'You receive this e-mail because e-mail notifications are on. Turn them off in the member portal’s settings.';
    return {
      subject: title,
      text: `${body}\n\n${portalUrl}\n\n${footer}`,
      html: emailHtml(lang, {
        heading: title,
        paragraphs: [body],
        button: { label: th ? 'เปิดระบบสมาชิก' : 'Open the member portal', href: portalUrl },
        footer,
      }),
    };
  },

  notificationSms: (title: string, body: string) => `${title}: ${body}`,

  /**
   * A community-shop sale's sale document (decision 041) by e-mail: the link to the guest's order
   * page, where the document is shown with the right to cancel and its PDF is downloaded.
   */
  saleDocumentEmail: (
    lang: Lang,
    p: { name: string; orderNo: string; company: string; link: string; days: number },
  ): Email => {
    const th = lang === 'th';
    const subject = th
      ? `เอกสารการซื้อขายสินค้า คำสั่งซื้อ ${p.orderNo}`
      : `Your sale document for order ${p.orderNo}`;
    const hello = th ? `สวัสดีคุณ ${p.name}` : `Hello ${p.name},`;
    const thanks = th
      ? `ขอบคุณที่สั่งซื้อสินค้ากับ ${p.company} เอกสารการซื้อขายสินค้าของคำสั่งซื้อ ${p.orderNo} (ตามพระราชบัญญัติขายตรงและตลาดแบบตรง พ.ศ. 2545 มาตรา 30) อยู่ที่หน้าคำสั่งซื้อของคุณ ซึ่งดาวน์โหลดเป็น PDF ได้`
      : `Thank you for your order with ${p.company}. The sale document of order ${p.orderNo} (Direct Sales and Direct Marketing Act B.E. 2545, section 30) is on your order page, where you can also download it as a PDF.`;
    const right = th
      ? `คุณมีสิทธิเลิกสัญญาได้ภายใน ${p.days} วันนับแต่วันที่ได้รับสินค้า โดยไม่ต้องแจ้งเหตุผล วิธีใช้สิทธิอยู่ในเอกสาร`
      : `You may cancel within ${p.days} days of receiving the goods, without giving a reason; the document says how.`;
    const footer = th
      ? 'ลิงก์นี้เปิดได้เฉพาะคำสั่งซื้อนี้ โปรดอย่าส่งต่อให้ผู้อื่น'
      : 'This link opens this order only; do not pass it on.';
    return {
      subject,
      text: `${hello}\n\n${thanks}\n${p.link}\n\n${right}\n\n${footer}`,
      html: emailHtml(lang, {
        heading: subject,
        paragraphs: [hello, thanks, right],
        button: { label: th ? 'ดูเอกสารการซื้อขาย' : 'Open the sale document', href: p.link },
        footer,
      }),
    };
  },

  /**
   * An account closed at the member's request (decision 044): sent to the contact the member had,
   * written before that contact is erased. It names the member code, says what was erased and what
   * the law keeps, and carries no link (there is no account left to open).
   */
  accountClosedEmail: (
    lang: Lang,
    p: { name: string; memberCode: string | null; company: string },
  ): Email => {
    const th = lang === 'th';
    const code = p.memberCode ? (th ? ` รหัสสมาชิก ${p.memberCode}` : ` (member code ${p.memberCode})`) : '';
    const subject = th ? 'บัญชีสมาชิกของคุณถูกปิดแล้ว' : 'Your member account has been closed';
    const hello = th ? `สวัสดีคุณ ${p.name}` : `Hello ${p.name},`;
    const done = th
      ? `ตามที่คุณขอ ${p.company} ได้ปิดบัญชีสมาชิกของคุณ${code}แล้ว และลบข้อมูลส่วนบุคคลของคุณ (ชื่อ อีเมล เบอร์มือถือ ที่อยู่ บัญชีธนาคาร เอกสารยืนยันตัวตน และการเข้าสู่ระบบทุกอุปกรณ์) คุณจะเข้าสู่ระบบด้วยบัญชีนี้ไม่ได้อีก`
      : `As you asked, ${p.company} has closed your member account${code} and erased your personal data (name, e-mail, mobile number, addresses, bank accounts, identity documents, and every sign-in and device). You can no longer sign in with this account.`;
    const kept = th
      ? 'เอกสารที่กฎหมายกำหนดให้เก็บ (ใบกำกับภาษี ใบลดหนี้ หนังสือรับรองการหักภาษี ณ ที่จ่าย และบัญชีรายได้) จะเก็บไว้ตามระยะเวลาที่กฎหมายกำหนดเท่านั้น โดยไม่มีชื่อหรือข้อมูลติดต่อของคุณ'
      : 'The records the law requires us to keep (tax invoices, credit notes, withholding-tax certificates and the income ledger) are kept only for as long as the law requires, without your name or contact details.';
    const footer = th
      ? 'อีเมลนี้เป็นข้อความสุดท้ายที่ส่งถึงที่อยู่นี้ หากคุณไม่ได้ขอปิดบัญชี โปรดติดต่อบริษัท'
      : 'This is the last message sent to this address. If you did not ask to close your account, contact the company.';
    return {
      subject,
      text: `${hello}\n\n${done}\n\n${kept}\n\n${footer}`,
      html: emailHtml(lang, { heading: subject, paragraphs: [hello, done, kept], footer }),
    };
  },

  accountClosedSms: (lang: Lang, p: { memberCode: string | null; company: string }) =>
    lang === 'th'
      ? `${p.company}: ปิดบัญชีสมาชิก${p.memberCode ? ` ${p.memberCode}` : ''}ตามที่คุณขอแล้ว ข้อมูลส่วนบุคคลถูกลบ เข้าสู่ระบบไม่ได้อีก`
      : `${p.company}: your member account${p.memberCode ? ` ${p.memberCode}` : ''} is closed as you asked; your personal data is erased and you can no longer sign in.`,

  /** The same by SMS, kept short (a Thai SMS part holds 70 characters). */
  saleDocumentSms: (lang: Lang, p: { orderNo: string; link: string; days: number }) =>
    lang === 'th'
      ? `เอกสารการซื้อขาย คำสั่งซื้อ ${p.orderNo} และสิทธิเลิกสัญญาภายใน ${p.days} วันหลังรับสินค้า: ${p.link}`
      : `Sale document of order ${p.orderNo}, with your right to cancel within ${p.days} days of delivery: ${p.link}`,
};
