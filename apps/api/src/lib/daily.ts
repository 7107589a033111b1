/** Milliseconds until the next `hh:mm` in Asia/Bangkok (UTC+7, no daylight saving). */
export function msUntilBangkok(now: Date, hour: number, minute: number): number {
  const offset = 7 * 3_600_000;
  const local = new Date(now.getTime() + offset);
  let next = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hour, minute) - offset;
  if (next <= now.getTime()) next += 86_400_000;
  return next - now.getTime();
}

/**
 * Runs `job` every day at `hh:mm` Bangkok time, in this process. The timer does not keep the process
 * alive; a failing run is reported and the next day runs anyway. Returns a stop function.
 */
export function scheduleDaily(
  job: () => Promise<unknown>,
  at: { hour: number; minute: number },
  onError: (err: unknown) => void,
) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        job().catch(onError).finally(arm);
      },
      msUntilBangkok(new Date(), at.hour, at.minute),
    );
    timer.unref();
  };
  arm();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
