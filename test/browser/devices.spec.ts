import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { expectWordsOnly, signUp } from './play.testkit.js';
import { startSite, type Site } from './support.testkit.js';

/**
 * One player on a second device (docs/contract.md#devices): by a link code shown as text and QR
 * code and typed on the other browser, and by a passkey made in one browser, used in another and
 * removed there.
 * Chromium's virtual authenticator (DevTools protocol, WebAuthn domain) stands in for the
 * phone's or laptop's own; WebAuthn wants a secure context and a host name, so the pages are
 * opened at localhost rather than 127.0.0.1.
 */
describe('a player on a second device', () => {
  let site: Site;
  let origin: string;
  beforeAll(async () => {
    site = await startSite();
    origin = site.url.replace('127.0.0.1', 'localhost');
  });
  afterAll(() => site?.close());

  const device = async (locale?: string) => {
    const { context, page } = await site.person({ locale });
    return { context, page };
  };
  const storedPlayer = async (page: Page) =>
    JSON.parse(String(await page.evaluate("localStorage.getItem('kartentisch.player')"))) as { id: string; token: string } | null;

  it('shows a code as text and QR code; typed in a second browser it signs in the same player, once', async () => {
    const laptop = await device('de-AT');
    await signUp(laptop.page, 'Resi');
    await laptop.page.getByTestId('devices-link').click();
    await laptop.page.waitForURL(/\/devices$/);
    await laptop.page.getByRole('button', { name: 'Code zeigen' }).click();
    const code = (await laptop.page.getByTestId('link-code').innerText()).trim();
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const qr = laptop.page.locator('svg.qr');
    await qr.waitFor();
    // A QR code of a few hundred dark modules, not an empty box.
    expect(((await qr.locator('path').getAttribute('d')) ?? '').split('M').length).toBeGreaterThan(200);
    await expectWordsOnly(laptop.page, 'the devices page', 'main');
    await site.shot(laptop.page, 'de-devices-link-code');

    const phone = await device('en-GB');
    await phone.page.goto('/');
    await phone.page.getByLabel('Code from your other device').fill(code.toLowerCase());
    await phone.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await phone.page.getByTestId('my-name').waitFor();
    const [onLaptop, onPhone] = [await storedPlayer(laptop.page), await storedPlayer(phone.page)];
    expect(onPhone!.id).toBe(onLaptop!.id);
    expect(onPhone!.token).not.toBe(onLaptop!.token);

    // The code is used up: a third browser, sent by the QR code's address, is refused in words.
    const third = await device('en-GB');
    await third.page.goto(`/#link=${code}`);
    await expect(third.page.getByLabel('Code from your other device').inputValue()).resolves.toBe(code);
    await third.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(third.page.getByRole('alert').innerText()).resolves.toMatch(/does not work/);
    await site.shot(third.page, 'en-used-link-code');

    // The laptop lists both devices and signs the phone out; the phone is then asked to sign in again.
    await laptop.page.reload();
    await laptop.page.getByTestId('session').nth(1).waitFor();
    await expect(laptop.page.getByTestId('session').count()).resolves.toBe(2);
    await site.shot(laptop.page, 'de-devices-sessions');
    await laptop.page.getByTestId('session').nth(1).getByRole('button', { name: 'Abmelden' }).click();
    await laptop.page.getByTestId('session').nth(1).waitFor({ state: 'detached' });
    await expect(laptop.page.getByTestId('session').count()).resolves.toBe(1);
    await phone.page.reload();
    await phone.page.getByTestId('sign-in-again').waitFor();
    for (const c of [laptop, phone, third]) await c.context.close();
  });

  it('adds a passkey in one browser, signs in with it in another as the same player, and removes it there', async () => {
    const laptop = await device('en-GB');
    const authenticator = await virtualAuthenticator(laptop.context, laptop.page);
    await laptop.page.goto(`${origin}/`);
    await laptop.page.locator('input[name=name]').fill('Sepp');
    await laptop.page.locator('form:has(input[name=name]) button[type=submit]').click();
    await laptop.page.getByTestId('devices-link').click();
    await laptop.page.getByTestId('no-passkeys').waitFor();
    await laptop.page.getByRole('button', { name: 'Add a passkey' }).click();
    await laptop.page.getByTestId('passkey-added').waitFor();
    // The list shows the new passkey at once, never used yet.
    await laptop.page.getByTestId('passkey').waitFor();
    await expect(laptop.page.getByTestId('passkey').count()).resolves.toBe(1);
    await expect(laptop.page.getByTestId('passkey').innerText()).resolves.toMatch(/never used/);
    await expectWordsOnly(laptop.page, 'the devices page with a passkey', 'main');
    await site.shot(laptop.page, 'en-devices-passkey-added');
    const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', { authenticatorId: authenticator.id });
    expect(credentials.length).toBe(1);

    // The passkey travels to the second browser's authenticator, as a synced passkey would.
    const phone = await device('de-AT');
    const phoneKey = await virtualAuthenticator(phone.context, phone.page);
    await phoneKey.cdp.send('WebAuthn.addCredential', { authenticatorId: phoneKey.id, credential: credentials[0]! });
    await phone.page.goto(`${origin}/`);
    await phone.page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
    await phone.page.getByTestId('my-name').waitFor();
    await expect(phone.page.getByTestId('my-name').innerText()).resolves.toBe('Sepp');
    const [onLaptop, onPhone] = [await storedPlayer(laptop.page), await storedPlayer(phone.page)];
    expect(onPhone!.id).toBe(onLaptop!.id);
    expect(onPhone!.token).not.toBe(onLaptop!.token);
    await phone.page.getByTestId('devices-link').click();
    await phone.page.getByTestId('session').nth(1).waitFor();
    await expect(phone.page.getByTestId('session').count()).resolves.toBe(2);
    await expect(phone.page.getByTestId('sessions').innerText()).resolves.toMatch(/mit Passkey/);
    // The passkey now says when it signed a device in.
    await expect(phone.page.getByTestId('passkey').innerText()).resolves.not.toMatch(/nie benutzt/);
    await site.shot(phone.page, 'de-devices-after-passkey');

    // Removed on the phone, after a question: the list is empty, the phone stays signed in, and
    // the passkey signs a third browser in no more, which is told so in words.
    let question = '';
    phone.page.once('dialog', (d) => {
      question = d.message();
      void d.accept();
    });
    await phone.page.getByTestId('passkey').getByRole('button', { name: 'Entfernen' }).click();
    await phone.page.getByTestId('no-passkeys').waitFor();
    expect(question).toMatch(/^Den am \d\d\.\d\d\.\d{4}, \d\d:\d\d hinzugefügten Passkey entfernen\?/);
    await expect(phone.page.getByTestId('passkey').count()).resolves.toBe(0);
    await expectWordsOnly(phone.page, 'the devices page after removing a passkey', 'main');
    await site.shot(phone.page, 'de-devices-passkey-removed');
    await phone.page.reload();
    await phone.page.getByTestId('session').nth(1).waitFor();
    await expect(phone.page.getByTestId('session').count()).resolves.toBe(2);
    const third = await device('en-GB');
    const thirdKey = await virtualAuthenticator(third.context, third.page);
    await thirdKey.cdp.send('WebAuthn.addCredential', { authenticatorId: thirdKey.id, credential: credentials[0]! });
    await third.page.goto(`${origin}/`);
    await third.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(third.page.getByRole('alert').innerText()).resolves.toMatch(/passkey was not accepted/);
    expect(await storedPlayer(third.page)).toBeNull();
    await expectWordsOnly(third.page, 'the lobby after a removed passkey', 'main');
    await site.shot(third.page, 'en-removed-passkey-refused');
    for (const c of [laptop, phone, third]) await c.context.close();
  });
});

/** A platform authenticator that holds passkeys and verifies its user without asking (Chromium's DevTools protocol). */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}
