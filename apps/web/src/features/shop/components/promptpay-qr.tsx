import { Box, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { qrImageOf } from '../model/qr';

/**
 * The PromptPay payload drawn as a QR code. The qrcode library loads only here, with the payment
 * screen, never with the first page (decision 015).
 */
export function PromptPayQr({ payload, alt }: { payload: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrImageOf(payload).then((url) => {
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [payload]);
  return (
    <Box w={240} h={240} style={{ display: 'grid', placeItems: 'center' }}>
      {src ? (
        <img src={src} alt={alt} width={240} height={240} data-testid="promptpay-qr" data-payload={payload} />
      ) : (
        <Loader size="sm" />
      )}
    </Box>
  );
}
