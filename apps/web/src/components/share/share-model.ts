/** LINE's share page for a link: the fallback where the browser has no Web Share API (issue 23). */
export function lineShareUrl(url: string): string {
  return `https://social-plugins.line.me/lineit/share?url=${encodeURIComponent(url)}`;
}

/** Whether this browser can hand a link to the system's share sheet (navigator.share). */
export function canWebShare(nav: Pick<Navigator, 'share'> | undefined): boolean {
  return typeof nav?.share === 'function';
}

/** A link as a QR code, a PNG data URL; the QR library is loaded only when a code is asked for. */
export async function qrPngOf(url: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  // Medium error correction and a quiet zone of 4 modules: what phone cameras read at a glance.
  return toDataURL(url, { errorCorrectionLevel: 'M', margin: 4, width: 480, type: 'image/png' });
}
