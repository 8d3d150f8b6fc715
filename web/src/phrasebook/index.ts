import { t, tOptional } from '../i18n/index.js';
import { cardName, cardNames, type GameId } from './cards.js';

export { cardName, cardNames, type GameId };

/**
 * The phrasebook: every code the service speaks (games, phases, contracts, calls, actions,
 * results) turned into words of the page's language. Table, replay, history, records and audit
 * all say things through here; a code without a catalogue entry never reaches the page as it is.
 */
type Action = { type: string } & Record<string, unknown>;

export const gameName = (game: string): string => tOptional(`games.${game}`) ?? t('games.all');
export const phaseName = (phase: string): string => tOptional(`phases.${phase}`) ?? t('events.other');
export const contractName = (contract: unknown): string => tOptional(`contracts.${String(contract)}`) ?? t('contracts.normal');
export const partyName = (party: unknown): string => tOptional(`parties.${String(party)}`) ?? String(party ?? '');
/** Gut, Schwacher, Retour. */
export const callName = (call: unknown): string => capitalised(call);
/** Doppelkopf's announcement levels (`re`, `no90` …) or, as the view counts them, 0 (the party's own) to 4. */
export function levelName(level: unknown, party?: unknown): string {
  if (typeof level === 'number')
    return level === 0 ? partyName(party) : t(`levels.${(['re', 'no90', 'no60', 'no30', 'schwarz'] as const)[level] ?? 'schwarz'}`);
  return tOptional(`levels.${String(level)}`) ?? String(level);
}
const capitalised = (w: unknown): string => {
  const s = String(w ?? '');
  return s.charAt(0).toUpperCase() + s.slice(1);
};

/** What a button offering `a` says. */
export function actionLabel(game: GameId, a: Action, nameOf: (seat: number) => string): string {
  switch (a.type) {
    case 'bid':
      return a.bid === 'pass' ? t('buttons.pass') : contractName(a.bid);
    case 'double':
    case 'reservation':
      return tOptional(`buttons.${String(a.call)}`) ?? callName(a.call);
    case 'contract':
      return a.wedding
        ? t('buttons.contractWedding', { contract: contractName(a.contract), wedding: weddingName(a.wedding) })
        : contractName(a.contract);
    case 'announce':
      return t('buttons.announce', { level: levelName(a.level) });
    case 'ready':
      return a.layout ? t('buttons.readyLayout', { card: cardName(game, String(a.layout)) }) : t('buttons.ready');
    case 'layout':
      return a.card ? t('buttons.layout', { card: cardName(game, String(a.card)) }) : t('buttons.layoutNothing');
    case 'buy':
      return t('buttons.noBuy');
    case 'poverty-answer':
      return a.accept ? t('buttons.povertyAccept') : t('buttons.povertyRefuse');
    case 'piglets':
      return t('buttons.piglets');
    case 'superpiglets':
      return t('buttons.superpiglets');
    case 'irregularity':
      return t('buttons.irregularity', { name: nameOf(Number(a.offender)) });
    case 'play':
      return cardName(game, String(a.card));
    default:
      return t('events.action');
  }
}

/** What the button confirming a choice of `size` cards says (discard, Armut, giving back). */
export const selectionLabel = (type: string, size: number): string => tOptional(`buttons.${type}`, { count: size }) ?? t('events.action');

export const weddingName = (w: unknown): string => tOptional(`weddings.${String(w)}`) ?? '';

/** One action as a sentence: "Resi plays Pik Dame." The seat is the action's own or `seat`. */
export function actionSentence(game: GameId, a: Record<string, unknown>, nameOf: (seat: number) => string): string {
  const name = nameOf(Number(a.seat));
  switch (a.type) {
    case 'bid':
      return a.bid === 'pass' ? t('said.pass', { name }) : t('said.bid', { name, contract: contractName(a.bid) });
    case 'discard':
      return Array.isArray(a.cards) && a.cards.every((c) => typeof c === 'string')
        ? t('said.discardShown', { name, cards: cardNames(game, a.cards as string[]) })
        : t('said.discard', { name, count: Number(a.count ?? 0) });
    case 'double':
      return t('said.double', { name, call: callName(a.call) });
    case 'play':
      return t('said.play', { name, card: cardName(game, String(a.card)) });
    case 'irregularity':
      return t('said.irregularity', { name, offender: nameOf(Number(a.offender)) });
    case 'reservation':
      return t('said.reservation', { name, call: actionLabel(game, a as Action, nameOf) });
    case 'contract':
      return a.contract ? t('said.contract', { name, contract: contractName(a.contract) }) : t('said.contractHidden', { name });
    case 'poverty':
      return t('said.poverty', { name });
    case 'poverty-return':
      return t('said.poverty-return', { name });
    case 'poverty-answer':
      return a.accept ? t('said.povertyAccept', { name }) : t('said.povertyRefuse', { name });
    case 'piglets':
    case 'superpiglets':
      return t(`said.${a.type}`, { name });
    case 'announce':
      return t('said.announce', { name, level: levelName(a.level) });
    case 'buy':
      if (!a.card) return t('said.noBuy', { name });
      return a.give
        ? t('said.buyShown', { name, card: cardName(game, String(a.card)), give: cardName(game, String(a.give)) })
        : t('said.buy', { name, card: cardName(game, String(a.card)) });
    case 'ready':
      return a.layout ? t('said.readyLayout', { name, card: cardName(game, String(a.layout)) }) : t('said.ready', { name });
    case 'layout':
      return a.card ? t('said.layout', { name, card: cardName(game, String(a.card)) }) : t('said.layoutNothing', { name });
    default:
      return t('said.other', { name });
  }
}

/** A rule option's label and a value of it in words. */
export function optionLabel(game: GameId, name: string): string {
  return tOptional(`options.${game}.${name.replaceAll('.', '_')}`) ?? name;
}
export function optionValue(value: unknown): string {
  if (value === true) return t('options.yes');
  if (value === false) return t('options.no');
  if (value === null) return t('create.unlimited');
  if (typeof value === 'number') return String(value);
  return tOptional(`options.values.${String(value)}`) ?? String(value);
}
