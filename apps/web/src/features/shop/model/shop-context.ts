import { useOutletContext } from 'react-router';
import type { Language } from '../../../lib/preferences';

/** What every shop page needs from the shop's frame. */
export interface ShopContext {
  lang: Language;
  signedIn: boolean;
  /** The community shop's code (`?shop=`), or null in the member shop. */
  community: string | null;
  /** Its owner's shown name, once loaded. */
  communityName: string | null;
}

export const useShopContext = () => useOutletContext<ShopContext>();
