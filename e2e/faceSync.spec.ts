// Face terminals in Chromium against the built product: a face terminal (the simulator of tools/face-terminal.ts,
// speaking the device API over HTTP) receives a visitor once registered, the device's detail shows them synced in
// English, and after the sign-out the terminal loses them and the detail shows the removal in Chinese. The server's
// own reconciliation job (every 30 s) does the work between.
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { byCard, syncOnce, terminal } from '../tools/face-terminal.js';
import { apiOf, faceFixture, newContext, PASSWORD, registerCompany, scaled, step, until, useStack } from './harness.js';

const stack = useStack();
const { ok } = apiOf(() => stack.server);

async function signedInPage(locale: string, result: Record<string, unknown> & { token: string }): Promise<Page> {
  const context = await newContext(stack.browser, locale);
  await context.addInitScript((r) => {
    if (sessionStorage.getItem('X-COOLVISIT-TOKEN')) return;
    sessionStorage.setItem('X-COOLVISIT-TOKEN', r.token);
    sessionStorage.setItem('role', 'manager');
    sessionStorage.setItem('loginAccount', String(r.email ?? ''));
    sessionStorage.setItem('visitor_project', JSON.stringify(r));
  }, result);
  return context.newPage();
}

describe('face terminals', () => {
  it('a terminal receives a registered visitor and loses them at sign-out; the device detail shows each step', {
    timeout: scaled(600_000),
  }, async () => {
    const email = 'face.admin@example.com';
    await registerCompany(stack, email, 'Face Works');
    const login = await ok('Login', { email, password: PASSWORD });
    const admin = login.token;
    const { egid } = await ok('addEquipmentGroup', { egname: 'Lobby', defaultOn: true }, admin);
    const added = await ok('addEquipment', { deviceName: 'Lobby face', deviceCode: 'FACE-LOBBY', eType: 'face', egids: [egid] }, admin);
    const eid = added.device.eid;
    const sim = terminal(stack.server.url, `${eid}.${added.secret}`);
    const { empid } = await ok('addEmployee', { employee_name: 'Hana Host', phone: '13800002001' }, admin);
    const photo = faceFixture('one-face');
    const { vid } = await ok(
      'UpdatePhoto',
      {
        vname: 'Vera Visitor',
        vphone: '13900003001',
        empid,
        photo: `data:image/jpeg;base64,${photo.toString('base64')}`,
        faceConsent: (await ok('getPadConfig', {}, admin)).faceConsent.en.id,
      },
      admin,
    );

    await until(
      'the terminal to receive the visitor',
      async () => {
        await syncOnce(sim);
        return sim.people.has(`visitor:${vid}`) || undefined;
      },
      scaled(120_000),
    );

    const en = await signedInPage('en-US', login);
    await step(en, 'face-sync-synced-en', async () => {
      await en.goto(`${stack.server.url}/key/listd/${eid}`);
      const row = en.getByTestId('face-credentials').locator('.ant-table-tbody tr', { hasText: 'Vera Visitor' });
      await row.getByText('On the device', { exact: true }).waitFor();
      await row.getByText('Add', { exact: true }).waitFor();
    });

    // A badge card handed out at the desk (an edit, no move): the job's next run sends it with the visitor.
    await ok('updateVisitInfo', { vid, cardNo: 'C-9' }, admin);
    await until(
      'the terminal to know the visitor by their card',
      async () => {
        await syncOnce(sim);
        return byCard(sim, 'C-9')?.personId === vid || undefined;
      },
      scaled(120_000),
    );

    await ok('updateVisitStatus', { vid, event: 'signOut' }, admin);
    await until(
      'the terminal to lose the visitor',
      async () => {
        await syncOnce(sim);
        return !sim.people.has(`visitor:${vid}`) || undefined;
      },
      scaled(120_000),
    );

    const zh = await signedInPage('zh-CN', login);
    await step(zh, 'face-sync-removed-zh', async () => {
      await zh.goto(`${stack.server.url}/key/listd/${eid}`);
      const row = zh.getByTestId('face-credentials').locator('.ant-table-tbody tr', { hasText: 'Vera Visitor' });
      await row.getByText('删除', { exact: true }).waitFor();
      await row.getByText('已删除', { exact: true }).waitFor();
    });
  });
});
