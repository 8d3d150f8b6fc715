import { Card, type GameId } from '../cards/index.js';
import { t, type MessageKey } from '../i18n/index.js';

/** Every face of the three packs (docs/rules/dobbm.md#cards, docs/rules/doppelkopf.md#cards, docs/rules/droggn.md#cards), as the tables draw them. */
const PACKS: { game: GameId; title: MessageKey; codes: string[] }[] = [
  {
    game: 'dobbm',
    title: 'cards.dobbmPack',
    codes: ['H', 'L', 'A', 'B'].flatMap((s) => ['S', '10', 'K', 'O', 'U', '9', '8', '7', '6'].map((r) => s + r)),
  },
  {
    game: 'droggn',
    title: 'cards.droggnPack',
    codes: [
      ...Array.from({ length: 21 }, (_, i) => `T${21 - i}`),
      'GS',
      ...['S', 'C'].flatMap((s) => ['K', 'Q', 'R', 'J', '10', '9', '8', '7', '6', '5', '4'].map((r) => s + r)),
      ...['H', 'D'].flatMap((s) => ['K', 'Q', 'R', 'J', '1', '2', '3', '4', '5', '6', '7'].map((r) => s + r)),
    ],
  },
  {
    game: 'doppelkopf',
    title: 'cards.doppelkopfPack',
    codes: ['C', 'S', 'H', 'D'].flatMap((s) => ['A', '10', 'K', 'Q', 'J', '9'].map((r) => s + r)),
  },
];

export function Cards() {
  return (
    <section>
      <h1>{t('cards.title')}</h1>
      {PACKS.map((p) => (
        <div key={p.game} data-pack={p.game}>
          <h2>{t(p.title)}</h2>
          <div class="card-row wrap">
            {p.codes.map((c) => (
              <span class="card" key={c} data-card={c}>
                <Card game={p.game} code={c} />
              </span>
            ))}
            <span class="card">
              <Card game={p.game} code={null} />
            </span>
          </div>
        </div>
      ))}
    </section>
  );
}
