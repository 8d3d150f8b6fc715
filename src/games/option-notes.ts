import type { GameId } from '../engine/index.js';

/**
 * What each rule option means, in one line, and the section of its game's rules page
 * (docs/rules/<game>.md) that explains it. The
 * engines' option schemas (src/engine/<game>/options.ts) say what an option admits; this says
 * what it does, and which option it only matters under. `GET /games` and `npm run
 * rule-options` (docs/rule-options.md) both read schema + notes through src/games/catalog.ts;
 * catalog.spec.ts fails when an option lacks its note or a note names no option.
 */
export interface OptionNote {
  description: string;
  /** Anchor in docs/rules/<game>.md of the section that explains the option. */
  rules: string;
  /** The option only has an effect while `option` has `value` (the form hides it otherwise). */
  dependsOn?: { option: string; value: string | number | boolean };
  /**
   * A house setting offered beside a default the rules leave open-ended: unlimited doublings
   * let a declarer and one defender raise the stake of the defenders who never spoke without end.
   */
  recommended?: string | number | boolean;
}

/** Four doublings multiply a game by 16: a lively table, and no stake that runs away. */
const HOUSE_MAX_DOUBLINGS = 4;

const when = (option: string, value: string | number | boolean) => ({ dependsOn: { option, value } });

export const optionNotes: Record<GameId, Record<string, OptionNote>> = {
  dobbm: {
    players: { description: 'Four players, or five with the dealer sitting out each deal.', rules: 'players' },
    stake: { description: 'What one opponent pays for a Match in an undoubled Dobbm, in currency units.', rules: 'scoring' },
    rounding: {
      description: 'ceil rounds each payment up to whole units as the sources do; exact settles in hundredths.',
      rules: 'scoring',
    },
    'doubling.firstSpeaker': {
      description: 'Which defender may give the first Schwacher: the one left of the declarer, or left of the dealer.',
      rules: 'doubling',
    },
    'doubling.maxDoublings': {
      description: 'At most this many doublings (Schwacher, Retour …) per deal; null = unlimited.',
      rules: 'doubling',
      recommended: HOUSE_MAX_DOUBLINGS,
    },
    'discard.heartSowIsSow': {
      description: 'Whether the Herz-Sau counts as a sow in the discard, needing another heart as cover.',
      rules: 'discard',
    },
    zeroTrickTransfer: {
      description:
        'A declarer without a trick loses the discard (and the Solo Dobb) to the defenders in every contract, or only in ordinary ones.',
      rules: 'scoring',
    },
    'mussrunde.enabled': { description: 'Whether a session ends with a Mußrunde, one forced game per player.', rules: 'mussrunde' },
    'mussrunde.whoMayCall': {
      description: 'Who may call for the Mußrunde: the host only, or any seated player.',
      rules: 'mussrunde',
      ...when('mussrunde.enabled', true),
    },
    irregularities: {
      description: 'An illegal action is refused (reject), or accepted and penalised as at a real table (penalize).',
      rules: 'irregularities',
    },
    'penalty.includeDoublings': {
      description: 'Whether the penalty for an irregularity is multiplied by the doublings in force.',
      rules: 'irregularities',
      ...when('irregularities', 'penalize'),
    },
    'penalty.dealerPays': {
      description: "With five players, whether the sitting-out dealer pays a defender's penalty too.",
      rules: 'irregularities',
      ...when('irregularities', 'penalize'),
    },
  },
  droggn: {
    players: { description: 'Three players, or four with the dealer sitting out ("er feiert").', rules: 'players' },
    deal: { description: 'Deal pattern: 7x3, the talon after the second round, or 5-5-5-3-3.', rules: 'deal' },
    'discard.kingCover': {
      description: 'Each discarded king needs its own discarded trump (perKing), or any number of kings may go with any trump (anyTrump).',
      rules: 'exchange',
    },
    'talon.expose': { description: 'Whether the talon is shown to everyone in an Ansager.', rules: 'exchange' },
    'buy.invalidRequestForfeits': {
      description: 'Whether asking to buy a card one holds uses up the right to buy, as at the table.',
      rules: 'exchange',
    },
    'gstiess.lastTrickIllegal': { description: 'Whether the Gstieß may not be played to the last trick.', rules: 'play' },
    winThreshold: {
      description: 'Card points the declarer needs: 37, 38, or at 37:37 the winner of the last trick decides.',
      rules: 'scoring',
    },
    kleineGstiessUltimo: {
      description: 'Whether a declarer left with Pagat and Gstieß may claim the last trick for a doubled Pagat item.',
      rules: 'scoring',
    },
    'mord.doubling': {
      description: 'Whether the Super Mord bonus of 50 is doubled with the rest (whole) or not (excludeBonus).',
      rules: 'scoring',
    },
    'mord.pagatItems': { description: 'Super Mord scores all or nothing, or adds the ordinary Pagat items (additive).', rules: 'scoring' },
    'doubling.maxDoublings': {
      description: 'At most this many doublings per deal, as in Dobbm; null = unlimited.',
      rules: 'doubling',
      recommended: HOUSE_MAX_DOUBLINGS,
    },
    irregularities: {
      description: 'An illegal action is refused (reject), or accepted and penalised as at a real table (penalize).',
      rules: 'irregularities',
    },
    stake: { description: 'Minor currency units (Groschen) per paper point at settlement.', rules: 'settlement' },
  },
  doppelkopf: {
    players: { description: 'Four players, or five with the dealer sitting out each deal.', rules: 'players' },
    deck: { description: '48 cards (with nines) or 40 (nines removed).', rules: 'cards' },
    deal40: { description: 'How the 40-card deck is dealt: 3-4-3 or 5x2.', rules: 'deal', ...when('deck', 40) },
    mode: {
      description: 'informal (open-ended or counted deals) or tournament (20 deals plus a compulsory solo each).',
      rules: 'sessions',
    },
    'session.deals': {
      description: 'Counted deals of an informal session; 0 or null = open-ended.',
      rules: 'sessions',
      ...when('mode', 'informal'),
    },
    vorfuehrung: {
      description: 'When a player who owes a compulsory solo is made to play it: at the end, or once the remaining deals equal those owed.',
      rules: 'sessions',
      ...when('mode', 'tournament'),
    },
    soloistLeadsLustsolo: { description: 'Whether the soloist leads in a free (Lust) solo too.', rules: 'deal' },
    revealLosingReservations: {
      description: 'Whether a reservation that lost to a higher one is shown to everyone.',
      rules: 'reservations',
    },
    dullen: {
      description: 'Of two Herz-Zehn (Dullen) in one trick the first wins, the second, or the second except in the last trick.',
      rules: 'play',
    },
    piglets: { description: 'Schweinchen: both Karo-Asse of one player rank above the Dullen once declared.', rules: 'play' },
    'piglets.firstOnly': { description: 'Only the first Karo-Ass played is promoted.', rules: 'play', ...when('piglets', true) },
    'piglets.forceAnnouncement': {
      description: "Declaring piglets announces the holder's party.",
      rules: 'play',
      ...when('piglets', true),
    },
    'piglets.inDiamondSolo': { description: 'Piglets are allowed in a Karo solo too.', rules: 'play', ...when('piglets', true) },
    'piglets.super': {
      description: 'Super-piglets: both Karo-Neunen rank above the piglets (48 cards only).',
      rules: 'play',
      ...when('piglets', true),
    },
    review: { description: 'Which past tricks a player may look at: the last one, none, or those of the own side.', rules: 'play' },
    'wedding.callableTypes': {
      description: 'Whether the bride may name the kind of trick that finds the partner.',
      rules: 'wedding-poverty',
    },
    'poverty.enabled': { description: 'Armut: a player with at most three trumps may pass them to a partner.', rules: 'wedding-poverty' },
    'poverty.countFoxes': {
      description: 'Whether Karo-Asse count as trumps for poverty.',
      rules: 'wedding-poverty',
      ...when('poverty.enabled', true),
    },
    'poverty.passExactlyTrumps': {
      description: 'The pauper passes only his trumps and gets as many cards back.',
      rules: 'wedding-poverty',
      ...when('poverty.enabled', true),
    },
    'poverty.announceTrumpsReturned': {
      description: 'Whether the number of trumps returned to the pauper is announced.',
      rules: 'wedding-poverty',
      ...when('poverty.enabled', true),
    },
    'poverty.rank': {
      description: 'Whether poverty ranks above or below a wedding among reservations.',
      rules: 'decision-13',
      ...when('poverty.enabled', true),
    },
    forcedAnnouncement: { description: "A first trick worth 30 or more announces the winner's party at once.", rules: 'announcements' },
    'forcedAnnouncement.further': {
      description: 'If that party has announced already, its next level is booked.',
      rules: 'announcements',
      ...when('forcedAnnouncement', true),
    },
    lateReplyAbsagen: {
      description:
        'Whether a party whose Re or Kontra came late, in answer to the other party, may still say keine 90 and more (allowed), or not, as the DDV rules (refused).',
      rules: 'late-reply',
    },
    announcementTiming: { description: "Announcements at any moment of the play, or only on one's own turn.", rules: 'announcements' },
    'throwIn.fiveNines': { description: 'A player with five or more nines may throw in (48 cards only).', rules: 'house-rules' },
    'throwIn.fiveKings': { description: 'A player with five or more kings may throw in.', rules: 'house-rules' },
    halfChicken: { description: 'The holder of both Karo-Zehnen may announce "half a chicken"; cosmetic only.', rules: 'house-rules' },
    'extras.foxLastTrickDouble': { description: 'A fox caught in the last trick is worth two extra points.', rules: 'extra-points' },
    'extras.lostCharlie': {
      description: "An extra point for winning the last trick with an opponent's Kreuz-Bube in it.",
      rules: 'extra-points',
    },
    'extras.lizzieMiller': {
      description: 'That lost-Charlie point only if the trick is won by a Karo-Dame.',
      rules: 'extra-points',
      ...when('extras.lostCharlie', true),
    },
    against90: { description: 'Card points needed against an announced "keine 90": 120 or 121.', rules: 'decision-1' },
    loserCannotGain: { description: 'The game value is floored at 0, so the losing party never gains.', rules: 'game-value' },
  },
};
