import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useEffect, useState } from 'preact/hooks';
import { api, ok, type Schemas } from '../api.js';
import { CopyButton } from '../copy-button.js';
import { QrCode } from '../devices/qr-code.js';
import { addPasskey, passkeyRefusal, signOutHere } from '../devices/sign-in.js';
import { formatDate, t } from '../i18n/index.js';
import { refusalText } from '../phrasebook/refusals.js';
import { me } from '../session.js';

type Session = Schemas['SessionDto'];
type Passkey = Schemas['PasskeyDto'];

/** The player's devices: a code for another one, his passkeys, and the devices signed in now. */
export function DevicesPage() {
  if (!me.value)
    return (
      <section>
        <h1>{t('devices.title')}</h1>
        <p>
          {t('devices.signedOutHere')} <a href="/">{t('app.nav.lobby')}</a>
        </p>
      </section>
    );
  return (
    <section>
      <h1>{t('devices.title')}</h1>
      <LinkCodePanel />
      <PasskeyPanel />
      <SessionsPanel />
    </section>
  );
}

function LinkCodePanel() {
  const [code, setCode] = useState<{ code: string; expiresAt: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const show = async () => {
    setError(null);
    try {
      setCode(ok(await api.POST('/players/me/link-codes')));
    } catch (err) {
      setError(refusalText(err));
    }
  };
  const address = code && `${location.origin}/#link=${code.code}`;
  return (
    <div class="panel" aria-label={t('devices.linkTitle')}>
      <h2>{t('devices.linkTitle')}</h2>
      <p class="note">{t('devices.linkNote')}</p>
      {code && address && (
        <div class="row link-code">
          <QrCode text={address} label={t('devices.qr')} />
          <div>
            <p class="code" data-testid="link-code">
              {code.code}
            </p>
            <p class="note">{t('devices.validUntil', { time: formatDate(code.expiresAt) })}</p>
            <CopyButton text={code.code} label={t('player.copy')} />
          </div>
        </div>
      )}
      <button type="button" class={code ? '' : 'primary'} onClick={show}>
        {code ? t('devices.newCode') : t('devices.showCode')}
      </button>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The player's passkeys, each removable, and adding one where the browser can make one. A passkey
 * can be removed from any browser, so the list shows where WebAuthn is missing too.
 */
function PasskeyPanel() {
  const [state, setState] = useState<'idle' | 'added' | string>('idle');
  const { items: passkeys, error, setError, load } = useMine(async () => ok(await api.GET('/players/me/passkeys')).passkeys);
  const supported = browserSupportsWebAuthn();
  if (!supported && !passkeys?.length) return null;
  const add = async () => {
    setError(null);
    try {
      await addPasskey();
      setState('added');
    } catch (err) {
      setState(passkeyRefusal(err));
      return;
    }
    await load();
  };
  const remove = async (p: Passkey) => {
    if (!confirm(t('devices.removePasskeyConfirm', { date: formatDate(p.createdAt) }))) return;
    setError(null);
    setState('idle');
    try {
      ok(await api.DELETE('/players/me/passkeys/{id}', { params: { path: { id: p.id } } }));
    } catch (err) {
      setError(refusalText(err));
    }
    // Removed here or elsewhere already: the list shows what is left either way.
    await load();
  };
  return (
    <div class="panel" aria-label={t('devices.passkeyTitle')}>
      <h2>{t('devices.passkeyTitle')}</h2>
      <p class="note">{t('devices.passkeyNote')}</p>
      {passkeys && passkeys.length === 0 && <p data-testid="no-passkeys">{t('devices.noPasskeys')}</p>}
      {passkeys && passkeys.length > 0 && (
        <table class="list" data-testid="passkeys">
          <thead>
            <tr>
              <th>{t('devices.passkeyAddedOn')}</th>
              <th>{t('devices.lastUsed')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {passkeys.map((p) => (
              <tr key={p.id} data-testid="passkey">
                <td>{formatDate(p.createdAt)}</td>
                <td>{p.lastUsedAt ? formatDate(p.lastUsedAt) : t('devices.neverUsed')}</td>
                <td>
                  <button type="button" onClick={() => remove(p)}>
                    {t('devices.removePasskey')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {supported && (
        <button type="button" onClick={add}>
          {t('devices.addPasskey')}
        </button>
      )}
      {state === 'added' && (
        <p role="status" data-testid="passkey-added">
          {t('devices.passkeyAdded')}
        </p>
      )}
      {state !== 'idle' && state !== 'added' && (
        <p class="error" role="alert">
          {state}
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A list of the player's own (passkeys, sessions): read as the panel opens and on `load`; a refusal in words. */
function useMine<T>(read: () => Promise<T[]>) {
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = async () => {
    try {
      setItems(await read());
    } catch (err) {
      setError(refusalText(err));
    }
  };
  useEffect(() => {
    void load();
  }, []);
  return { items, error, setError, load };
}

function SessionsPanel() {
  const { items: sessions, error, setError, load } = useMine(async () => ok(await api.GET('/players/me/sessions')).sessions);
  const signOut = async (s: Session) => {
    try {
      if (s.current) {
        if (confirm(t('player.forgetConfirm'))) await signOutHere();
        return;
      }
      ok(await api.DELETE('/players/me/sessions/{id}', { params: { path: { id: s.id } } }));
      await load();
    } catch (err) {
      setError(refusalText(err));
    }
  };
  return (
    <div class="panel" aria-label={t('devices.sessionsTitle')}>
      <h2>{t('devices.sessionsTitle')}</h2>
      <p class="note">{t('devices.sessionsNote')}</p>
      {sessions && (
        <table class="list" data-testid="sessions">
          <thead>
            <tr>
              <th>{t('devices.signedIn')}</th>
              <th>{t('devices.via')}</th>
              <th>{t('devices.lastUsed')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr key={s.id} data-testid="session">
                <td>
                  {formatDate(s.createdAt)} {s.current && <strong>({t('devices.thisDevice')})</strong>}
                </td>
                <td>{t(`devices.signedInVia.${s.via as 'name' | 'link' | 'passkey'}`)}</td>
                <td>{formatDate(s.lastUsedAt)}</td>
                <td>
                  <button type="button" onClick={() => signOut(s)}>
                    {t('devices.signOut')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
