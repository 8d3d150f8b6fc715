import type { GameId } from '../engine/index.js';

/**
 * What each rule option means, in one line, with the RULES.md section it comes from. The
 * engines' option schemas (src/engine/<game>/options.ts) say what an option admits; this says
 * what it does, and which option it only matters under. `GET /games` and `npm run
 * rule-options` (docs/rule-options.md) both read schema + notes through src/games/catalog.ts;
 * catalog.spec.ts fails when an option lacks its note or a note names no option.
 */
export interface OptionNote {
  description: string;
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
    players: { description: 'Four players, or five with the dealer sitting out each deal (§1.2).' },
    stake: { description: 'What one opponent pays for a Match in an undoubled Dobbm, in currency units (§1.10).' },
    rounding: {
      description: 'ceil rounds each payment up to whole units as the sources do; exact settles in hundredths (§1.10, §1.15 #3).',
    },
    'doubling.firstSpeaker': {
      description: 'Which defender may give the first Schwacher: the one left of the declarer, or left of the dealer (§1.8).',
    },
    'doubling.maxDoublings': {
      description: 'At most this many doublings (Schwacher, Retour …) per deal; null = unlimited (§1.8).',
      recommended: HOUSE_MAX_DOUBLINGS,
    },
    'discard.heartSowIsSow': { description: 'Whether the Herz-Sau counts as a sow in the discard, needing another heart as cover (§1.7).' },
    zeroTrickTransfer: {
      description:
        'A declarer without a trick loses the discard (and the Solo Dobb) to the defenders in every contract, or only in ordinary ones (§1.10).',
    },
    'mussrunde.enabled': { description: 'Whether a session ends with a Mußrunde, one forced game per player (§1.12).' },
    'mussrunde.whoMayCall': {
      description: 'Who may call for the Mußrunde: the host only, or any seated player (§1.12).',
      ...when('mussrunde.enabled', true),
    },
    irregularities: {
      description: 'An illegal action is refused (reject), or accepted and penalised as at a real table (penalize) (§1.13).',
    },
    'penalty.includeDoublings': {
      description: 'Whether the penalty for an irregularity is multiplied by the doublings in force (§1.13).',
      ...when('irregularities', 'penalize'),
    },
    'penalty.dealerPays': {
      description: "With five players, whether the sitting-out dealer pays a defender's penalty too (§1.13).",
      ...when('irregularities', 'penalize'),
    },
  },
  droggn: {
    players: { description: 'Three players, or four with the dealer sitting out ("er feiert") (§3.2).' },
    deal: { description: 'Deal pattern: 7x3, the talon after the second round, or 5-5-5-3-3 (§3.4).' },
    'discard.kingCover': {
      description:
        'Each discarded king needs its own discarded trump (perKing), or any number of kings may go with any trump (anyTrump) (§3.6).',
    },
    'talon.expose': { description: 'Whether the talon is shown to everyone in an Ansager (§3.6).' },
    'buy.invalidRequestForfeits': {
      description: 'Whether asking to buy a card one holds uses up the right to buy, as at the table (§3.6).',
    },
    'gstiess.lastTrickIllegal': { description: 'Whether the Gstieß may not be played to the last trick (§3.9).' },
    winThreshold: { description: 'Card points the declarer needs: 37, 38, or at 37:37 the winner of the last trick decides (§3.11).' },
    kleineGstiessUltimo: {
      description: 'Whether a declarer left with Pagat and Gstieß may claim the last trick for a doubled Pagat item (§3.11).',
    },
    'mord.doubling': { description: 'Whether the Super Mord bonus of 50 is doubled with the rest (whole) or not (excludeBonus) (§3.11).' },
    'mord.pagatItems': { description: 'Super Mord scores all or nothing, or adds the ordinary Pagat items (additive) (§3.11).' },
    'doubling.maxDoublings': {
      description: 'At most this many doublings per deal, as in Dobbm; null = unlimited (§3.8).',
      recommended: HOUSE_MAX_DOUBLINGS,
    },
    irregularities: {
      description: 'An illegal action is refused (reject), or accepted and penalised as at a real table (penalize) (§3.13).',
    },
    stake: { description: 'Minor currency units (Groschen) per paper point at settlement (§3.12).' },
  },
  doppelkopf: {
    players: { description: 'Four players, or five with the dealer sitting out each deal (§2.2).' },
    deck: { description: '48 cards (with nines) or 40 (nines removed) (§2.3).' },
    deal40: { description: 'How the 40-card deck is dealt: 3-4-3 or 5x2 (§2.4).', ...when('deck', 40) },
    mode: { description: 'informal (open-ended or counted deals) or tournament (20 deals plus a compulsory solo each) (§2.12).' },
    'session.deals': { description: 'Counted deals of an informal session; 0 or null = open-ended (§2.12).', ...when('mode', 'informal') },
    vorfuehrung: {
      description:
        'When a player who owes a compulsory solo is made to play it: at the end, or once the remaining deals equal those owed (§2.12).',
      ...when('mode', 'tournament'),
    },
    soloistLeadsLustsolo: { description: 'Whether the soloist leads in a free (Lust) solo too (§2.4).' },
    revealLosingReservations: { description: 'Whether a reservation that lost to a higher one is shown to everyone (§2.6).' },
    dullen: {
      description: 'Of two Herz-Zehn (Dullen) in one trick the first wins, the second, or the second except in the last trick (§2.8).',
    },
    piglets: { description: 'Schweinchen: both Karo-Asse of one player rank above the Dullen once declared (§2.8).' },
    'piglets.firstOnly': { description: 'Only the first Karo-Ass played is promoted (§2.8).', ...when('piglets', true) },
    'piglets.forceAnnouncement': { description: "Declaring piglets announces the holder's party (§2.8).", ...when('piglets', true) },
    'piglets.inDiamondSolo': { description: 'Piglets are allowed in a Karo solo too (§2.8).', ...when('piglets', true) },
    'piglets.super': {
      description: 'Super-piglets: both Karo-Neunen rank above the piglets (48 cards only) (§2.8).',
      ...when('piglets', true),
    },
    review: { description: 'Which past tricks a player may look at: the last one, none, or those of the own side (§2.8).' },
    'wedding.callableTypes': { description: 'Whether the bride may name the kind of trick that finds the partner (§2.7).' },
    'poverty.enabled': { description: 'Armut: a player with at most three trumps may pass them to a partner (§2.7).' },
    'poverty.countFoxes': { description: 'Whether Karo-Asse count as trumps for poverty (§2.7).', ...when('poverty.enabled', true) },
    'poverty.passExactlyTrumps': {
      description: 'The pauper passes only his trumps and gets as many cards back (§2.7).',
      ...when('poverty.enabled', true),
    },
    'poverty.announceTrumpsReturned': {
      description: 'Whether the number of trumps returned to the pauper is announced (§2.7).',
      ...when('poverty.enabled', true),
    },
    'poverty.rank': {
      description: 'Whether poverty ranks above or below a wedding among reservations (§2.15 #13).',
      ...when('poverty.enabled', true),
    },
    forcedAnnouncement: { description: "A first trick worth 30 or more announces the winner's party at once (§2.9)." },
    'forcedAnnouncement.further': {
      description: 'If that party has announced already, its next level is booked (§2.9).',
      ...when('forcedAnnouncement', true),
    },
    announcementTiming: { description: "Announcements at any moment of the play, or only on one's own turn (§2.9)." },
    'throwIn.fiveNines': { description: 'A player with five or more nines may throw in (48 cards only) (§2.13).' },
    'throwIn.fiveKings': { description: 'A player with five or more kings may throw in (§2.13).' },
    halfChicken: { description: 'The holder of both Karo-Zehnen may announce "half a chicken"; cosmetic only (§2.13).' },
    'extras.foxLastTrickDouble': { description: 'A fox caught in the last trick is worth two extra points (§2.11.2).' },
    'extras.lostCharlie': { description: "An extra point for winning the last trick with an opponent's Kreuz-Bube in it (§2.11.2)." },
    'extras.lizzieMiller': {
      description: 'That lost-Charlie point only if the trick is won by a Karo-Dame (§2.11.2).',
      ...when('extras.lostCharlie', true),
    },
    against90: { description: 'Card points needed against an announced "keine 90": 120 or 121 (§2.15 #1).' },
    loserCannotGain: { description: 'The game value is floored at 0, so the losing party never gains (§2.11.1).' },
  },
};
