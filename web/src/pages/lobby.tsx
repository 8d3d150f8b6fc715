import { t } from '../i18n/index.js';
import { CreateTable } from '../lobby/create-table.js';
import { PlayerPanel } from '../lobby/player-panel.js';
import { TableList } from '../lobby/table-list.js';
import { me } from '../session.js';

export function Lobby() {
  return (
    <section>
      <h1>{t('lobby.title')}</h1>
      <PlayerPanel />
      <TableList />
      {me.value && <CreateTable />}
    </section>
  );
}
