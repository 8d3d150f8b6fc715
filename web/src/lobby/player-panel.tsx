import { useState } from 'preact/hooks';
import { api, messageOf, ok } from '../api.js';
import { me, rememberMe, type Me } from '../session.js';

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
  const [copied, setCopied] = useState(false);
  const player = me.value;

  async function create(e: Event) {
    e.preventDefault();
    setError(null);
    try {
      const created = ok(await api.POST('/players', { body: { name } }));
      rememberMe({ id: created.id, name: created.name, token: created.token });
    } catch (err) {
      setError(messageOf(err));
    }
  }
  function bring(e: Event) {
    e.preventDefault();
    try {
      rememberMe(decode(code));
      setError(null);
    } catch {
      setError('That is not a device code from this site.');
    }
  }

  if (player) {
    const deviceCode = encode(player);
    return (
      <div class="panel" aria-label="you">
        <p>
          Playing as <strong data-testid="my-name">{player.name}</strong>
        </p>
        <p>
          <a href={`/players/${player.id}/hands`}>My hands</a>
        </p>
        <details>
          <summary>Use this player on another device</summary>
          <p class="note">Paste this code on the other device's lobby. Anyone holding it plays as you.</p>
          <p class="token" data-testid="device-code">
            {deviceCode}
          </p>
          <button
            type="button"
            onClick={() =>
              navigator.clipboard?.writeText(deviceCode).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? 'Copied' : 'Copy'}
          </button>
        </details>
        <p>
          <button
            type="button"
            onClick={() =>
              confirm('Forget this player on this device? Without its device code you cannot come back to it.') && rememberMe(null)
            }
          >
            Forget this player
          </button>
        </p>
      </div>
    );
  }
  return (
    <div class="panel grid2">
      <form onSubmit={create} aria-label="choose a name">
        <h2>Choose a name</h2>
        <div class="row">
          <label>
            Name <input name="name" value={name} required maxLength={40} onInput={(e) => setName(e.currentTarget.value)} />
          </label>
          <button class="primary" type="submit">
            Start playing
          </button>
        </div>
      </form>
      <form onSubmit={bring} aria-label="device code">
        <h2>…or continue on this device</h2>
        <div class="row">
          <input aria-label="device code" value={code} onInput={(e) => setCode(e.currentTarget.value)} placeholder="device code" />
          <button type="submit">Continue</button>
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
