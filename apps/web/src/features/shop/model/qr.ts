/**
 * The EMVCo payload exactly as the server made it (its CRC covers every character), drawn as a PNG
 * data URL. Medium error correction is what Thai banking apps read reliably at this size.
 */
export async function qrImageOf(payload: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: 480 });
}
