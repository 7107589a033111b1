import { describe, expect, it, vi } from 'vitest';

const toDataURL = vi.fn(async (text: string) => `data:image/png;base64,${btoa(text)}`);
vi.mock('qrcode', () => ({ toDataURL }));

const { qrImageOf } = await import('./qr');

describe('the PromptPay QR code', () => {
  it("when the server's payload is drawn then it goes to the QR encoder exactly as received", async () => {
    // A real EMVCo payload: its CRC (the last four characters) covers every character before it.
    const payload = '00020101021229370016A000000677010111011300668123456785802TH53037645406150.006304ABCD';
    const url = await qrImageOf(payload);
    expect(toDataURL).toHaveBeenCalledTimes(1);
    expect(toDataURL.mock.calls[0]?.[0]).toBe(payload);
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
  });
});
