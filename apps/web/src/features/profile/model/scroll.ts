import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element named by the URL hash (`/profile#documents`) once the page has its data,
 * and again whenever the hash changes: the sections grow as their lists load, so scrolling at the
 * first render would stop short.
 */
export function useScrollToHash(ready: boolean): void {
  const { hash, key } = useLocation();
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!hash || !ready) return;
    const target = `${key}${hash}`;
    if (done.current === target) return;
    const id = decodeURIComponent(hash.slice(1));
    const el = document.getElementById(id);
    if (!el) return;
    done.current = target;
    // After this frame's layout, so the sections above have their final height.
    requestAnimationFrame(() => el.scrollIntoView({ block: 'start' }));
  }, [hash, key, ready]);
}
