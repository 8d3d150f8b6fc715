import { useState } from 'preact/hooks';
import { api, ok, type Table } from '../api.js';
import { t } from '../i18n/index.js';
import { refusalText } from '../phrasebook/refusals.js';
import { rememberMe } from '../session.js';

/**
 * A newcomer who followed an invite link: a name asked for on the spot, then a seat at this
 * table (the first free one) — no detour through the lobby.
 */
export function JoinWithName({ table, reload }: { table: Table; reload: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const free = table.seats.find((s) => !s.playerId);
  async function join(e: Event) {
    e.preventDefault();
    setError(null);
    try {
      const created = ok(await api.POST('/players', { body: { name } }));
      rememberMe({ id: created.id, name: created.name, token: created.token });
      if (free) ok(await api.POST('/tables/{id}/seats', { params: { path: { id: table.id } }, body: { seat: free.seat } }));
      reload();
    } catch (err) {
      setError(refusalText(err));
    }
  }
  return (
    <form class="row join" onSubmit={join} aria-label={t('seats.joinTitle')} data-testid="join-with-name">
      <label>
        {free ? t('seats.joinName') : t('seats.joinNameWatch')}{' '}
        <input name="join-name" required maxLength={40} value={name} onInput={(e) => setName(e.currentTarget.value)} />
      </label>
      <button type="submit" class="primary" disabled={!name.trim()}>
        {free ? t('seats.joinSubmit') : t('seats.joinSubmitWatch')}
      </button>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
