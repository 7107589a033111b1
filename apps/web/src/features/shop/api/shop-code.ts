import type { ShopLoginCode } from '@portal/contracts/shop';
import { apiRequest } from '../../../lib/http/client';

/**
 * The Online Shopping link: a one-time login code (60 s, single use) instead of the access token in
 * the shop's address. The tab opens on the click itself (so no pop-up blocker stops it) and moves
 * to the shop once the code is there; without a code it opens the shop as it is.
 */
export function openShopSignedIn(shopUrl: string, withCode: (url: string, code: string) => string) {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  const go = (url: string) => {
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  };
  apiRequest<ShopLoginCode>('/v1/session/code', { service: 'shop', method: 'POST' })
    .then(({ code }) => go(withCode(shopUrl, code)))
    .catch(() => go(shopUrl));
}
