import type { Page } from 'playwright-core';

/**
 * Moves the loaded console to `url` as its own links do (history, the router's popstate) and waits out the router's
 * progress bar (`nav-progress`): the first change after the event is the router's, never the old screen's.
 */
export async function navigateInApp(page: Page, url: string): Promise<void> {
  await page.evaluate(
    (to) =>
      new Promise<void>((resolve) => {
        // No named function in here: the spec's transpiler would wrap it in a helper the page does not have.
        const seen = new MutationObserver(() => {
          seen.disconnect();
          resolve();
        });
        seen.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate', { state: null }));
        setTimeout(() => {
          seen.disconnect();
          resolve();
        }, 5000);
      }),
    url,
  );
  await page.getByTestId('nav-progress').waitFor({ state: 'detached' });
}
