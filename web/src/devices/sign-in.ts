import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api, ok, type Schemas } from '../api.js';
import { t } from '../i18n/index.js';
import { refusalText } from '../phrasebook/refusals.js';
import { me, rememberMe } from '../session.js';

/**
 * The ways a device signs in as a player who exists already: a one-time link code shown on
 * another device, or a passkey. Each gives this device a token of its own (a session).
 */
export async function signInWithCode(code: string): Promise<void> {
  rememberMe(ok(await api.POST('/players/link', { body: { code } })));
}

export async function signInWithPasskey(): Promise<void> {
  const options = ok(await api.POST('/players/passkey-sign-in/options'));
  const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  rememberMe(ok(await api.POST('/players/passkey-sign-in', { body: { response: asJson(response) } })));
}

/** The browser's answer as the API document types it: an object the service's library reads. */
type PasskeyAnswer = Schemas['PasskeySignInDto']['response'];
const asJson = (answer: { id: string; rawId: string; type: string; response: object }): PasskeyAnswer => ({
  ...answer,
  response: { ...answer.response },
});

/** A passkey for the signed-in player, made by the browser's authenticator. */
export async function addPasskey(): Promise<void> {
  const options = ok(await api.POST('/players/me/passkeys/options'));
  const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  ok(await api.POST('/players/me/passkeys', { body: { response: asJson(response) } }));
}

/**
 * Forgetting the player on this device signs this device out first, so its token is of no use
 * to whoever uses the browser next; the player's other devices and passkeys stay.
 */
export async function signOutHere(): Promise<void> {
  if (!me.value) return;
  try {
    const { sessions } = ok(await api.GET('/players/me/sessions'));
    const here = sessions.find((s) => s.current);
    if (here) ok(await api.DELETE('/players/me/sessions/{id}', { params: { path: { id: here.id } } }));
  } finally {
    rememberMe(null);
  }
}

/** The code a scanned QR code carries to this page (`/#link=…`), once. */
export function codeFromAddress(): string {
  const m = /^#link=([A-Za-z0-9-]+)$/.exec(location.hash);
  if (!m) return '';
  history.replaceState(null, '', location.pathname + location.search);
  return m[1]!;
}

/** The service's refusal in words; the browser's own (cancelled, no authenticator) as one message. */
export function passkeyRefusal(err: unknown): string {
  return err instanceof DOMException || (err instanceof Error && err.name.startsWith('WebAuthn'))
    ? t('devices.passkeyFailed')
    : refusalText(err);
}
