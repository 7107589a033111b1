import { useEffect, useMemo, useState } from 'react';
import { createTextMeasurer, truncateToWidth, wrapToWidth } from '../model/fit-text';
import type { CardText } from './tree-node';

/** Sarabun may still be loading when the tree first draws: measure again once it is there. */
export function useFontsVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (typeof document === 'undefined' || !document.fonts) return;
    let live = true;
    void document.fonts.ready.then(() => live && setVersion((v) => v + 1));
    const onDone = () => setVersion((v) => v + 1);
    document.fonts.addEventListener('loadingdone', onDone);
    return () => {
      live = false;
      document.fonts.removeEventListener('loadingdone', onDone);
    };
  }, []);
  return version;
}

export function useCardText(fontsVersion: number): CardText {
  return useMemo(() => {
    const family =
      typeof document === 'undefined'
        ? 'sans-serif'
        : getComputedStyle(document.body).fontFamily || 'sans-serif';
    // Each measurer uses the boldest weight drawn at its size, so widths are never under-estimated.
    const name = createTextMeasurer(`600 15px ${family}`);
    const small = createTextMeasurer(`600 13px ${family}`);
    const tiny = createTextMeasurer(`600 12px ${family}`);
    const margin = 2;
    return {
      name: (s, w) => truncateToWidth(s, w - margin, name),
      nameLines: (s, w) => wrapToWidth(s, w - margin, name),
      small: (s, w) => truncateToWidth(s, w - margin, small),
      smallWidth: small,
      tiny: (s, w) => truncateToWidth(s, w - margin, tiny),
      tinyWidth: tiny,
    };
    // fontsVersion: re-measure after web fonts load
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fontsVersion]);
}
