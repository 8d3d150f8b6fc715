import { useState } from 'preact/hooks';
import { api, ok } from '../api.js';
import { CopyButton } from '../copy-button.js';
import { t } from '../i18n/index.js';
import { refusalText } from '../phrasebook/refusals.js';
import { me, rememberMe, signedOut, type Me } from '../session.js';

/** A device code carries the player to another browser: copy it there, paste it in. */
const encode = (p: Me): string => btoa(unescape(encodeURIComponent(JSON.stringify(p))));
function decode(code: string): Me {
  const p = JSON.parse(decodeURIComponent(escape(atob(code.trim())))) as Partial<Me>;
  if (typeof p.id !== 'string' || typeof p.name !== 'string' || typeof p.token !== 'string') throw new Error('not a device code');
  return { id: p.id, name: p.name, token: p.token };
}

/** Choose a name (POST /players), or bring a player from another device; copy it; forget it. */
export function PlayerPanel() {
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const player = me.value;

  async function create(e: Event) {
    e.preventDefault();
    setError(null);
    try {
      const created = ok(await api.POST('/players', { body: { name } }));
      rememberMe({ id: created.id, name: created.name, token: created.token });
    } catch (err) {
      setError(refusalText(err));
    }
  }
  function bring(e: Event) {
    e.preventDefault();
    try {
      rememberMe(decode(code));
      setError(null);
    } catch {
      setError(t('player.notADeviceCode'));
    }
  }

  if (player) {
    const deviceCode = encode(player);
    return (
      <div class="panel" aria-label={t('player.playingAs')}>
        <p>
          {t('player.playingAs')} <strong data-testid="my-name">{player.name}</strong>
        </p>
        <p>
          <a href={`/players/${player.id}/hands`}>{t('player.myHands')}</a>
        </p>
        <details>
          <summary>{t('player.otherDevice')}</summary>
          <p class="note">{t('player.otherDeviceNote')}</p>
          <p class="token" data-testid="device-code">
            {deviceCode}
          </p>
          <CopyButton text={deviceCode} label={t('player.copy')} />
        </details>
        <p>
          <button type="button" onClick={() => confirm(t('player.forgetConfirm')) && rememberMe(null)}>
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
      <form onSubmit={bring} aria-label={t('player.deviceCode')}>
        <h2>{t('player.orContinue')}</h2>
        <div class="row">
          <input
            aria-label={t('player.deviceCode')}
            value={code}
            onInput={(e) => setCode(e.currentTarget.value)}
            placeholder={t('player.deviceCode')}
          />
          <button type="submit">{t('player.continue')}</button>
        </div>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
