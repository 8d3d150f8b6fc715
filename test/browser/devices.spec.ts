import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { expectWordsOnly, signUp } from './play.testkit.js';
import { startSite, type Site } from './support.testkit.js';

/**
 * One player on a second device (docs/contract.md#devices): by a link code shown as text and QR
 * code and typed on the other browser, and by a passkey made in one browser and used in another.
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

  it('adds a passkey in one browser and signs in with it in another, as the same player', async () => {
    const laptop = await device('en-GB');
    const authenticator = await virtualAuthenticator(laptop.context, laptop.page);
    await laptop.page.goto(`${origin}/`);
    await laptop.page.locator('input[name=name]').fill('Sepp');
    await laptop.page.locator('form:has(input[name=name]) button[type=submit]').click();
    await laptop.page.getByTestId('devices-link').click();
    await laptop.page.getByRole('button', { name: 'Add a passkey' }).click();
    await laptop.page.getByTestId('passkey-added').waitFor();
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
    await site.shot(phone.page, 'de-devices-after-passkey');
    for (const c of [laptop, phone]) await c.context.close();
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
