import type { Page } from 'playwright-core';

/**
 * Waits until nothing moves: no transition or finite animation runs on the page (a collapse opening,
 * a drawer, a header hiding on scroll) and the box of `selector` (the body when none) is the same
 * two frames apart -- the state a screenshot or a measure should see. Each look waits two frames of
 * the page itself; it looks again until still or `timeout` ms have passed.
 */
export async function untilStill(page: Page, selector = 'body', timeout = 10_000): Promise<void> {
  const deadline = Date.now() + timeout;
  // No named functions inside: a script run by tsx names them with a helper the page does not have.
  const still = (sel: string) =>
    new Promise<boolean>((resolve) => {
      const el = document.querySelector(sel);
      if (!el) return resolve(false);
      const first = JSON.stringify(el.getBoundingClientRect());
      requestAnimationFrame(() =>
        requestAnimationFrame(() =>
          resolve(
            !document
              .getAnimations()
              .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity) &&
              JSON.stringify(el.getBoundingClientRect()) === first,
          ),
        ),
      );
    });
  while (!(await page.evaluate(still, selector))) {
    if (Date.now() > deadline) throw new Error(`${selector} still moves after ${timeout} ms`);
  }
}
