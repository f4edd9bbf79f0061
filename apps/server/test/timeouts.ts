/**
 * Time bounds in the server tests bound a hang, never a speed: a loaded machine should make the run slower, not red.
 * TEST_TIMEOUT_SCALE (default 1) multiplies them for a machine slower still; vitest.config.ts reads the same variable.
 */
export const TIMEOUT_SCALE = Math.max(1, Number(process.env.TEST_TIMEOUT_SCALE) || 1);
export const scaled = (ms: number): number => Math.round(ms * TIMEOUT_SCALE);

/** Polls until `done` holds, bounded by `ms` (scaled); answers whether it held, for the test's own assertion. */
export async function eventually(done: () => boolean | Promise<boolean>, ms = 30_000): Promise<boolean> {
  const deadline = Date.now() + scaled(ms);
  while (!(await done())) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}
