import { useMediaQuery } from '@mantine/hooks';

/** Mantine's breakpoints (the theme keeps the defaults): xs a phone, sm a small tablet. */
const BELOW = { xs: '36em', sm: '48em' } as const;

/**
 * True while the window is at most the breakpoint wide: a phone (`xs`), or too narrow for a wide
 * table (`sm`, where a table becomes a list of cards). Read at the first render, so a phone never
 * draws the desktop layout first.
 */
export const useNarrow = (breakpoint: keyof typeof BELOW): boolean =>
  useMediaQuery(`(max-width: ${BELOW[breakpoint]})`, false, { getInitialValueInEffect: false });
