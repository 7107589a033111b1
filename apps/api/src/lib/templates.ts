/** Message texts for SMS and e-mail, in the member's language. */
type Lang = 'th' | 'en';

export const templates = {
  otpSms: (lang: Lang, code: string, ref: string, minutes: number) =>
    lang === 'th'
      ? `รหัส OTP ของคุณคือ ${code} (รหัสอ้างอิง ${ref}) ใช้ได้ภายใน ${minutes} นาที ห้ามบอกรหัสนี้กับผู้อื่น`
      : `Your OTP is ${code} (ref ${ref}). It is valid for ${minutes} minutes. Never share this code.`,
  otpEmail: (lang: Lang, code: string, ref: string, minutes: number) => ({
    subject: lang === 'th' ? `รหัสยืนยันของคุณ (อ้างอิง ${ref})` : `Your verification code (ref ${ref})`,
    text: templates.otpSms(lang, code, ref, minutes),
  }),
  activation: (lang: Lang, name: string, link: string) => ({
    subject: lang === 'th' ? 'ยืนยันอีเมลของคุณ' : 'Confirm your e-mail address',
    text:
      lang === 'th'
        ? `สวัสดีคุณ ${name}\n\nกรุณายืนยันอีเมลของคุณโดยเปิดลิงก์นี้:\n${link}\n\nหากคุณไม่ได้สมัครสมาชิก โปรดเพิกเฉยต่ออีเมลนี้`
        : `Hello ${name},\n\nPlease confirm your e-mail address by opening this link:\n${link}\n\nIf you did not sign up, ignore this e-mail.`,
  }),
  passwordReset: (lang: Lang, name: string, code: string, link: string, minutes: number) => ({
    subject: lang === 'th' ? 'รีเซ็ตรหัสผ่าน' : 'Reset your password',
    text:
      lang === 'th'
        ? `สวัสดีคุณ ${name}\n\nรหัสสำหรับรีเซ็ตรหัสผ่านคือ ${code}\nหรือเปิดลิงก์นี้: ${link}\nใช้ได้ภายใน ${minutes} นาที\n\nหากคุณไม่ได้ขอรีเซ็ตรหัสผ่าน โปรดเพิกเฉยต่ออีเมลนี้`
        : `Hello ${name},\n\nYour password reset code is ${code}\nor open this link: ${link}\nIt is valid for ${minutes} minutes.\n\nIf you did not ask to reset your password, ignore this e-mail.`,
  }),
};
