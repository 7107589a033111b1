/**
 * The HTTP client must send the member to /auth/logout when a refresh fails, but it lives
 * below the router. The app registers the router's navigate here at start.
 */
type Navigator = (to: string) => void;

let navigator: Navigator = (to) => window.location.assign(to);

export function setNavigator(fn: Navigator): void {
  navigator = fn;
}

export function navigateTo(to: string): void {
  navigator(to);
}

/**
 * Starts downloading the code of the page at a path (its layouts and page) before the router goes
 * there, so that the download overlaps the requests in front of it: the sign-in call, or the config
 * and the session's restoration on a returning member's first load (issue 24, a phone on slow 4G).
 * The app registers the router's preloader at start; before that, and for pages in the first script,
 * it does nothing.
 */
type Preloader = (path: string) => void;

let preloader: Preloader = () => {};

export function setPreloader(fn: Preloader): void {
  preloader = fn;
}

export function preloadPage(path: string): void {
  preloader(path);
}
