/** The page numbers to show: a window of `links` pages around the current one, kept inside 1..total. */
export function pageWindow(page: number, total: number, links: number): number[] {
  const count = Math.max(0, Math.min(links, total));
  if (count === 0) return [];
  const current = Math.min(Math.max(1, page), total);
  let start = current - Math.floor((count - 1) / 2);
  start = Math.max(1, Math.min(start, total - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}
