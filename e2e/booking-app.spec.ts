// The booking app end to end (issue 20): the administrator creates it in Custom settings › basic settings › Booking
// app and copies its appCode and secret from the screen; the company's own site (plain HTTP from this process) signs a
// booking with the original's headers and the host's employee portal... the visit is listed for the administrator,
// and the screen then shows when it was last used. A new secret (confirmed) refuses the old signature (704). Checked
// with axe in English and Chinese.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { expectAccessible } from './a11y.js';
import { apiOf, newContext, PASSWORD, registerCompany, SIGNIN_EN, SIGNIN_ZH, scaled, screenshot, signIn, step, useStack } from './harness.js';

const stack = useStack();
const { ok } = apiOf(() => stack.server);
const ADMIN = 'booking.admin@example.com';

/** The company's site booking as the original's integrations did: the clock first, then the signed booking. */
async function book(app: { appCode: string; secret: string }, body: unknown): Promise<{ status: number; result: Record<string, unknown> }> {
  const clock = (await (
    await fetch(`${stack.server.url}/qcvisit/getTimestamp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
  ).json()) as { result: number };
  const timestamp = String(clock.result);
  const authid = createHash('md5').update(`${app.appCode}${timestamp}${app.secret}`).digest('hex');
  const res = await fetch(`${stack.server.url}/qcvisit/addVisitorApponintmnet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', appCode: app.appCode, timestamp, authid },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { status: number; result: Record<string, unknown> };
}

describe('the booking app', () => {
  it('made in the console, it signs a booking from the company’s site; a new secret refuses the old one', { timeout: scaled(600_000) }, async () => {
    await registerCompany(stack, ADMIN, 'Booking Site Ltd');
    const admin = (await ok('Login', { email: ADMIN, password: PASSWORD })).token;
    const host = (await ok('addEmployee', { employee_name: 'Bea Host', phone: '13800138777' }, admin)).empid;

    const page = await (await newContext(stack.browser, 'en-US')).newPage();
    const app = await step(page, 'booking-app-made', async () => {
      await page.goto(`${stack.server.url}/signin`);
      await signIn(page, ADMIN, PASSWORD, SIGNIN_EN);
      await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
      await page.goto(`${stack.server.url}/setting/baseset?tab=bookingApp`);
      await page.getByText('No booking app yet').waitFor();
      await page.getByRole('button', { name: 'Create the booking app' }).click();
      await page.getByText('Booking app created').waitFor();
      const made = {
        appCode: await page.getByTestId('booking-app-code').inputValue(),
        secret: await page.getByTestId('booking-app-secret').inputValue(),
      };
      assert.match(made.appCode, /^[A-Za-z0-9_-]{16}$/);
      assert.match(made.secret, /^[A-Za-z0-9_-]{43}$/);
      await expectAccessible(page, 'booking app (en)');
      await screenshot(page, 'booking-app-en');
      return made;
    });

    const booked = await book(app, { name: 'Site Visitor', phone: '13922226666', empid: String(host), appointmentDate: Date.now() + 3_600_000 });
    assert.equal(booked.status, 0, JSON.stringify(booked));
    assert.equal(booked.result.state, 'reserved');
    const listed = await ok('SearchAppointmentByCondition', { startIndex: 0, requestedCount: 10, phone: '13922226666' }, admin);
    assert.deepEqual(
      listed.list.map((v) => [v.vname, v.kind, v.empName]),
      [['Site Visitor', 'appointment', 'Bea Host']],
    );

    await step(page, 'booking-app-renewed', async () => {
      await page.reload();
      await page.getByText('Last booking').waitFor();
      assert.equal(await page.getByText('Not used yet').count(), 0);
      await page.getByRole('button', { name: 'New secret' }).click();
      await page.getByRole('button', { name: 'OK' }).click();
      await page.getByText('New secret issued').waitFor();
      assert.notEqual(await page.getByTestId('booking-app-secret').inputValue(), app.secret);
    });
    const refused = await book(app, { name: 'Late Visitor', phone: '13922226667', empid: host, appointmentDate: Date.now() + 3_600_000 });
    assert.equal(refused.status, 704);

    const zh = await (await newContext(stack.browser, 'zh-CN')).newPage();
    await step(zh, 'booking-app-zh', async () => {
      await zh.goto(`${stack.server.url}/signin`);
      await signIn(zh, ADMIN, PASSWORD, SIGNIN_ZH);
      await zh.waitForURL((u) => !u.pathname.startsWith('/signin'));
      await zh.goto(`${stack.server.url}/setting/baseset?tab=bookingApp`);
      await zh.getByText('预约地址').waitFor();
      await expectAccessible(zh, 'booking app (zh)');
      await screenshot(zh, 'booking-app-zh');
    });
  });
});
