// The accessibility check of the e2e run: axe-core injected into the page, run over what it shows, and a failure on
// any serious or critical violation that names each rule, its elements and what is wrong, so a red run is readable.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core's source, evaluated in the page: the console's Content-Security-Policy (script-src 'self') refuses an
 * injected script tag, while the DevTools protocol's evaluation is not subject to it.
 */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What the check fails on (moderate and minor ones are printed, not failed). */
const FAILING = new Set(['serious', 'critical']);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; summary: string }[];
}

interface AxeGlobal {
  axe?: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
}

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA and best practices) over the page as it is now. `contrast: false` leaves out
 * the colour-contrast rule, axe's costliest (it finds the background behind every piece of text), for a screen whose
 * colours were already checked in the other language: the theme's colours do not change with the words.
 */
export async function axeViolations(page: Page, { contrast = true }: { contrast?: boolean } = {}): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => Boolean((window as AxeGlobal).axe)))) await page.evaluate(axeSource);
  return page.evaluate(async (contrast) => {
    const axe = (window as AxeGlobal).axe;
    if (!axe) throw new Error('axe-core did not load');
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      rules: contrast ? {} : { 'color-contrast': { enabled: false } },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => {
        const node = n as unknown as { target: string[]; failureSummary?: string };
        return { target: node.target.map(String), summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim() };
      }),
    }));
  }, contrast);
}

/** One line per violation and element: `[serious] color-contrast: <help> — <target>: <summary>`. */
export function describeViolations(screen: string, violations: readonly AxeViolation[]): string {
  const lines = violations.flatMap((v) =>
    v.nodes.slice(0, 8).map((n) => `  [${v.impact}] ${v.id}: ${v.help} — ${n.target.join(' ')}: ${n.summary.slice(0, 300)}`),
  );
  const more = violations.flatMap((v) => (v.nodes.length > 8 ? [`  [${v.impact}] ${v.id}: ${v.nodes.length - 8} more elements`] : []));
  return `${screen}:\n${[...lines, ...more].join('\n')}`;
}

/** The serious and critical violations of the page; the others are printed. */
export async function seriousViolations(page: Page, screen: string): Promise<AxeViolation[]> {
  const all = await axeViolations(page);
  const minor = all.filter((v) => !FAILING.has(v.impact ?? ''));
  if (minor.length) console.log(`axe (not failing) ${describeViolations(screen, minor)}`);
  return all.filter((v) => FAILING.has(v.impact ?? ''));
}

/** Fails when the page shows a serious or critical accessibility violation, listing them. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const serious = await seriousViolations(page, screen);
  assert.equal(serious.length, 0, `axe found serious or critical violations on ${describeViolations(screen, serious)}`);
}
