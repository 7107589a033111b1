/** The tree's top lives in the URL (?top=<member id>), so back/forward and shared links work. */
export const TOP_PARAM = 'top';

/** The member id in ?top=, or null when it is missing or not a positive whole number. */
export function readTop(params: URLSearchParams): number | null {
  const raw = params.get(TOP_PARAM);
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/** The same search with ?top= set to `top`, or removed when it is the member's own top. */
export function withTop(params: URLSearchParams, top: number | null, myId: number | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (top === null || top === myId) next.delete(TOP_PARAM);
  else next.set(TOP_PARAM, String(top));
  return next;
}
