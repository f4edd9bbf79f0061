// Whether a page fits a phone's screen. Under Chromium's phone emulation (`isMobile`) the page zooms out to show content
// wider than the screen, and `window.innerWidth` grows with it (600 for 600 px of content on a 390 px screen): a check
// against it passes while the page overflows. These compare with the viewport the context was given, which does not move.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { scaled, settled } from './harness.js';

/** The screen the context was opened with. */
export function screenOf(page: Page): { width: number; height: number } {
  const size = page.viewportSize();
  assert.ok(size, 'the context has a fixed viewport');
  return size;
}

/**
 * Nothing scrolls the page sideways: its content is no wider than the screen, once laid out. On a busy machine a screen
 * still loading its part can be measured mid-way (CI saw 639 px once, 390 px a moment later), so the width is read again
 * for a few seconds before the overflow counts.
 */
export async function fitsWidth(page: Page, where: string): Promise<void> {
  await settled(page);
  const { width } = screenOf(page);
  const deadline = Date.now() + scaled(5_000);
  let scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  while (scroll > width && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    await settled(page);
    scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  }
  assert.ok(scroll <= width, `${where} scrolls sideways: ${scroll} px of content on a ${width} px screen`);
}

/** The element lies within the screen (a picker's panel, a button). */
export async function onScreen(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  assert.ok(box, `${what} is shown`);
  const { width, height } = screenOf(page);
  const edges = `x ${box.x}…${box.x + box.width}, y ${box.y}…${box.y + box.height} on ${width}×${height}`;
  assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= width + 0.5 && box.y + box.height <= height + 0.5, `${what} off screen: ${edges}`);
}
