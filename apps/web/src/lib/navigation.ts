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
