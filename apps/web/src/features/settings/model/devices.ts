import type { SessionInfo } from '@portal/contracts/identity';

/** How many devices the settings list shows before "show all". */
export const DEVICES_SHOWN = 5;

/** This device first, then the others by their last activity, newest first. */
export function orderDevices(list: readonly SessionInfo[]): SessionInfo[] {
  return [...list].sort(
    (a, b) =>
      Number(b.current) - Number(a.current) || Date.parse(b.last_active_at) - Date.parse(a.last_active_at),
  );
}

/** The rows to show and how many more "show all" would open. */
export function visibleDevices(
  ordered: readonly SessionInfo[],
  expanded: boolean,
  limit = DEVICES_SHOWN,
): { shown: SessionInfo[]; hidden: number } {
  if (expanded || ordered.length <= limit) return { shown: [...ordered], hidden: 0 };
  return { shown: ordered.slice(0, limit), hidden: ordered.length - limit };
}
