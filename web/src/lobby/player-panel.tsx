import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useState } from 'preact/hooks';
import { api, ok } from '../api.js';
import { codeFromAddress, passkeyRefusal, signInWithCode, signInWithPasskey, signOutHere } from '../devices/sign-in.js';
import { t } from '../i18n/index.js';
import { refusalText } from '../phrasebook/refusals.js';
import { me, rememberMe, signedOut } from '../session.js';

/**
 * Choose a name (POST /players), or sign this device in as a player who exists already: with a
 * code shown on another device (typed, or scanned: the QR code opens this page with it) or with
 * a passkey. Signed in: the way to the player's devices, and forgetting the player here.
 */
export function PlayerPanel() {
  const [name, setName] = useState('');
  const [code, setCode] = useState(codeFromAddress);
  const [error, setError] = useState<string | null>(null);
  const player = me.value;

  const attempt =
    (work: () => Promise<void>, refusal = refusalText) =>
    async (e: Event) => {
      e.preventDefault();
      setError(null);
      try {
        await work();
      } catch (err) {
        setError(refusal(err));
      }
    };
  const create = attempt(async () => rememberMe(ok(await api.POST('/players', { body: { name } }))));
  const link = attempt(() => signInWithCode(code));
  const passkey = attempt(signInWithPasskey, passkeyRefusal);

  if (player) {
    return (
      <div class="panel" aria-label={t('player.playingAs')}>
        <p>
          {t('player.playingAs')} <strong data-testid="my-name">{player.name}</strong>
        </p>
        <p class="row">
          <a href={`/players/${player.id}/hands`}>{t('player.myHands')}</a>
          <a href="/devices" data-testid="devices-link">
            {t('devices.open')}
          </a>
        </p>
        <p>
          <button type="button" onClick={() => confirm(t('player.forgetConfirm')) && void signOutHere()}>
            {t('player.forget')}
          </button>
        </p>
      </div>
    );
  }
  return (
    <div class="panel grid2">
      {signedOut.value && (
        <p class="error" role="alert" data-testid="sign-in-again">
          {t('player.signInAgain', { name: signedOut.value.name })} {t('player.signInAgainHint')}
        </p>
      )}
      <form onSubmit={create} aria-label={t('player.chooseName')}>
        <h2>{t('player.chooseName')}</h2>
        <div class="row">
          <label>
            {t('player.name')} <input name="name" value={name} required maxLength={40} onInput={(e) => setName(e.currentTarget.value)} />
          </label>
          <button class="primary" type="submit">
            {t('player.start')}
          </button>
        </div>
      </form>
      <div>
        <form onSubmit={link} aria-label={t('devices.useCode')}>
          <h2>{t('devices.useCode')}</h2>
          <p class="note">{t('devices.useCodeNote')}</p>
          <div class="row">
            <input
              class="code"
              aria-label={t('devices.codeField')}
              value={code}
              required
              autoComplete="off"
              autoCapitalize="characters"
              spellcheck={false}
              onInput={(e) => setCode(e.currentTarget.value)}
              placeholder="XXXX-XXXX-XXXX"
            />
            <button type="submit">{t('devices.signIn')}</button>
          </div>
        </form>
        {browserSupportsWebAuthn() && (
          <p>
            <button type="button" onClick={passkey}>
              {t('devices.withPasskey')}
            </button>
          </p>
        )}
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
