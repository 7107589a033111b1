/**
 * For unit tests under jsdom, which has no matchMedia: Mantine asks it for the colour scheme (and
 * useMediaQuery for the layout). Every query answers "no match". Call it before the first render.
 */
export function stubMatchMedia(): void {
  window.matchMedia ??= ((query: string) => answer(query, false)) as typeof window.matchMedia;
}

/** A MediaQueryList that never changes. */
const answer = (query: string, matches: boolean) => ({
  matches,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
});

/**
 * A window `width` CSS px wide for unit tests under jsdom: min-width and max-width media queries (in
 * em, as useNarrow and mantine-datatable ask them) answer for that width, any other (the colour
 * scheme) no. Replaces any earlier stub.
 */
export function stubWindowWidth(width: number): void {
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*([\d.]+)em/.exec(query);
    const min = /min-width:\s*([\d.]+)em/.exec(query);
    // An empty query matches every window (mantine-datatable asks one of each column it always shows).
    const matches = max
      ? width <= Number(max[1]) * 16
      : min
        ? width >= Number(min[1]) * 16
        : query.trim() === '';
    return answer(query, matches);
  }) as typeof window.matchMedia;
  // mantine-datatable measures its scroll area; jsdom has no layout, so nothing is ever observed.
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
