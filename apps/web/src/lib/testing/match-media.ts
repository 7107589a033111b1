/**
 * For unit tests under jsdom, which has no matchMedia: Mantine asks it for the colour scheme (and
 * useMediaQuery for the layout). Every query answers "no match". Call it before the first render.
 */
export function stubMatchMedia(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}
