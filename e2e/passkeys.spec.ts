// Passkeys in Chromium's own virtual authenticator (issue 43): an administrator adds one on the security page, turns
// two-step sign-in on and keeps the recovery codes; the password then asks for the passkey, which the browser's
// prompt answers; a recovery code stands in once when the passkey fails; and the sign-in page's "Sign in with a
// passkey" signs in with no name or password typed, in Chinese too. The server's address is localhost: an IP address
// cannot be a relying party.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { newContext, PASSWORD, registerCompany, SIGNIN_ZH, signIn, useStack } from './harness.js';

const stack = useStack({ host: 'localhost' });

type Credential = { credentialId: string; isResidentCredential: boolean; rpId?: string; privateKey: string; userHandle?: string; signCount: number };

/** A platform authenticator with fingerprint (user verification), holding `credentials` (a device carried over). */
async function authenticator(page: Page, opts: { credentials?: Credential[]; verifies?: boolean } = {}) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: opts.verifies ?? true,
      automaticPresenceSimulation: true,
    },
  });
  for (const credential of opts.credentials ?? []) await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials as Credential[],
  };
}

const signedIn = (page: Page) => page.waitForURL((u) => !u.pathname.startsWith('/signin'));

describe('passkeys', () => {
  let device: Credential[] = [];
  let codes: string[] = [];
  const email = 'keys@example.com';

  it('an administrator adds a passkey and turns two-step sign-in on, keeping the recovery codes', async () => {
    await registerCompany(stack, email, 'Passkey Co');
    const context = await newContext(stack.browser, 'en-US');
    const page = await context.newPage();
    const auth = await authenticator(page);
    await page.goto(`${stack.server.url}/signin`);
    await signIn(page, email, PASSWORD);
    await signedIn(page);
    await page.goto(`${stack.server.url}/setting/account/safe`);
    const card = page.getByTestId('passkeys-card');
    await card.getByText('No passkey yet.').waitFor();
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    await card.getByText('One device').waitFor();
    await card.getByText('Passkey 1', { exact: true }).first().waitFor();
    device = await auth.credentials();
    assert.equal(device.length, 1);
    assert.equal(device[0]?.isResidentCredential, true, 'a discoverable credential');

    await card.getByRole('switch', { name: 'Two-step sign-in' }).click();
    const list = page.getByTestId('recovery-codes');
    await list.waitFor();
    codes = await list.getByRole('listitem').allTextContents();
    assert.equal(codes.length, 10);
    assert.match(codes[0] ?? '', /^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    await page.getByTestId('codes-done').click();
    await card.getByText('10 recovery codes left').waitFor();
    await context.close();
  });

  it('the password then asks for the passkey, which the browser answers', async () => {
    const context = await newContext(stack.browser, 'en-US');
    const page = await context.newPage();
    const auth = await authenticator(page, { credentials: device });
    await page.goto(`${stack.server.url}/signin`);
    await signIn(page, email, PASSWORD);
    await signedIn(page);
    // The device as it is now: its signature counter went up (a copy left behind would be refused as a clone).
    device = await auth.credentials();
    // The passkey answered the second step: it shows its last use.
    await page.goto(`${stack.server.url}/setting/account/safe`);
    const card = page.getByTestId('passkeys-card');
    await card.getByText('One device').waitFor();
    assert.equal(await card.getByText('Never', { exact: true }).count(), 0);
    await context.close();
  });

  it('a recovery code stands in once when the passkey fails', async () => {
    const context = await newContext(stack.browser, 'en-US');
    const page = await context.newPage();
    // The fingerprint is not recognised: the prompt ends without a passkey.
    await authenticator(page, { credentials: device, verifies: false });
    await page.goto(`${stack.server.url}/signin`);
    await signIn(page, email, PASSWORD);
    const step = page.getByTestId('second-step');
    await step.getByText('Confirm with your passkey').waitFor();
    await step.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await step.getByLabel('Recovery code').fill(codes[3] ?? '');
    await step.getByRole('button', { name: 'Sign in', exact: true }).click();
    await signedIn(page);
    await context.close();

    const again = await newContext(stack.browser, 'en-US');
    const second = await again.newPage();
    await authenticator(second, { credentials: device, verifies: false });
    await second.goto(`${stack.server.url}/signin`);
    await signIn(second, email, PASSWORD);
    await second.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await second.getByLabel('Recovery code').fill(codes[3] ?? '');
    await second.getByTestId('second-step').getByRole('button', { name: 'Sign in', exact: true }).click();
    await second.getByTestId('second-step-error').getByText('The recovery code is wrong or was already used').waitFor();
    await again.close();
  });

  it('"Sign in with a passkey" needs no name or password, in Chinese too', async () => {
    const context = await newContext(stack.browser, 'zh-CN');
    const page = await context.newPage();
    await authenticator(page, { credentials: device });
    await page.goto(`${stack.server.url}/signin`);
    await page.getByLabel(SIGNIN_ZH.account).waitFor();
    await page.getByRole('button', { name: '使用通行密钥登录' }).click();
    await signedIn(page);
    await page.goto(`${stack.server.url}/setting/account/safe`);
    const card = page.getByTestId('passkeys-card');
    await card.getByText('通行密钥', { exact: true }).first().waitFor();
    await card.getByText('两步登录', { exact: true }).waitFor();
    await context.close();
  });
});
