/**
 * The rules for players, in English: each game's rules and every rule option, retold from the
 * project's rules pages (docs/rules/ and docs/rule-options.md) for people at the table. `de.ts`
 * has the same shape (the type below), the same sections in the same order and an explanation
 * of every option (test/web-catalogues.spec.ts checks both).
 *
 * A section's body is paragraphs; an array inside it is a bulleted list.
 */
export const rulesEn = {
  dobbm: {
    intro:
      'Dobbm (from “i dob”, I take the Dobb) is the ace-ten game of the Stubai valley in Tyrol: one declarer plays against three defenders, who play as a team. Hearts are always trumps.',
    sections: [
      {
        id: 'players',
        title: 'Players and cards',
        body: [
          'Four play each deal. With five at the table, the dealer sits out (“feiert”) but pays and receives like a defender.',
          '36 German-suited cards: Herz (hearts, always trumps), Laub (leaves), Eichel (acorns) and Schellen (bells). In every suit the order is Sau (the deuce) 11 points, Zehner 10, König 4, Ober 3, Unter 2, then Neuner, Achter, Siebener and Sechser with no points. 120 card points in all. The Schellen-Sechser (the Weli) is an ordinary card here.',
        ],
      },
      {
        id: 'deal',
        title: 'Dealing',
        body: [
          'Each player gets eight cards, dealt in two rounds of four. The last four cards are the Dobb (the talon), face down.',
          'The declarer of a deal deals the next one. When everyone passes, the same dealer deals again with four players; with five, the deal passes to the left and the new dealer collects a Stockerl.',
        ],
      },
      {
        id: 'bidding',
        title: 'Bidding',
        body: [
          'Starting left of the dealer, each player speaks once: pass (“weiter”, or “gut” once someone has bid), or bid higher than the bid so far.',
          [
            'Dobbm (“i dob”): the declarer takes the Dobb and discards four cards.',
            'Solo: the declarer plays without the Dobb; every payment counts double.',
          ],
          'The highest bidder is the declarer; the other three are the defenders. Nobody can raise their own bid.',
        ],
      },
      {
        id: 'discard',
        title: 'Taking the Dobb and discarding',
        body: [
          'In a Dobbm the declarer takes the four cards of the Dobb and lays away any four cards face down. A Sau (the deuce of a suit, the Herz-Sau included) may only be laid away together with a heart of its own to cover it, so at most two Sauen go into the discard.',
          'The discard counts for the declarer. In a Solo the Dobb stays face down, unseen even by the declarer, and counts for him too.',
          'When the discard is done (or the Solo is won in the bidding), the declarer says “ich liege” (I am ready) and the doubling follows.',
        ],
      },
      {
        id: 'doubling',
        title: 'Doubling: Schwacher and Retour',
        body: [
          'Beginning left of the declarer, each defender may say Schwacher (“too weak!”), which doubles the payment, or Gut (no double). The first Schwacher ends that round.',
          'After a Schwacher the declarer may answer Retour, which doubles again; then any defender may say Retour once more, and so on. Each doubling doubles the payment again: one doubling pays twice, two pay four times, three pay eight times.',
          'By default there is no limit; a table can set a cap, and four is the recommended house setting.',
        ],
      },
      {
        id: 'play',
        title: 'Playing the tricks',
        body: [
          'Eight tricks. The declarer leads to the first; whoever wins a trick leads to the next.',
          [
            'Follow suit if you can (a heart led means: play a heart).',
            'If you cannot follow, you must play a heart if you have one.',
            'Otherwise play any card. You never have to beat the cards already played.',
          ],
          'The highest heart wins the trick; without a heart, the highest card of the suit led.',
        ],
      },
      {
        id: 'scoring',
        title: 'Winning and paying',
        body: [
          'The declarer counts the card points of his tricks and of the discard (or the Dobb in a Solo). More than 60 wins, less than 60 loses, exactly 60 is a draw and nothing is paid. A declarer who took no trick counts nothing: the discard goes to the defenders.',
          'The stake is what each opponent pays for a Match (one side took all eight tricks) in an undoubled Dobbm. Each opponent pays or receives the stake × (difference from 60) ÷ 60, rounded up to whole units by default; then ×2 for a Solo and ×2 for each doubling.',
          'With five players the sitting-out dealer pays and receives like a defender.',
        ],
      },
      {
        id: 'stockerl',
        title: 'Stockerl (five players)',
        body: [
          'When everyone passes at a five-player table, the deal moves to the left and the new dealer receives a Stockerl (“little stool”) from each of the four others: the value of ten card points in an undoubled Dobbm.',
        ],
      },
      {
        id: 'mussrunde',
        title: 'The Mußrunde',
        body: [
          'A session can end with a Mußrunde (“must round”): one deal per seated player without bidding, in which the player left of the dealer must be declarer and chooses Dobbm or Solo. Everyone is declarer once, then the session ends.',
        ],
      },
      {
        id: 'irregularities',
        title: 'Illegal moves',
        body: [
          'The table refuses a move the rules do not allow, so a revoke cannot happen. A table can instead play them as at a real table: the deal is abandoned and the side at fault pays half a Match to each opponent (times the Solo and the doublings in force).',
        ],
      },
    ],
  },
  droggn: {
    intro:
      'Droggn is Stubai Tarock: a 66-card tarot pack with 21 trumps (Tarock) and the Gstieß, the Fool. One declarer plays against two defenders.',
    sections: [
      {
        id: 'players',
        title: 'Players and cards',
        body: [
          'Three play each deal. With four at the table, the dealer sits out (“er feiert”) and scores with the defenders.',
          'The trumps run from the Mond (XXI, “der Große”) down to the Pagat (I, “der Kleine”). Spades and clubs rank König, Dame, Reiter (rider), Bube, then 10 down to 4; hearts and diamonds König, Dame, Reiter, Bube, then Ass (the one) up to 7. The Gstieß is not a trump and never wins a trick.',
          'Points: Gstieß, Mond, Pagat and kings 5 each, queens 4, riders 3, jacks 2, every other card 1.',
        ],
      },
      {
        id: 'deal',
        title: 'Dealing',
        body: [
          'Each player gets 21 cards, by default in three rounds of seven; three cards are the talon. The declarer of a deal deals the next one; if everyone passes, the same dealer deals again.',
        ],
      },
      {
        id: 'bidding',
        title: 'Bidding',
        body: [
          'Starting left of the dealer, each speaks once: pass, or bid higher than the bid so far. The highest bidder is the declarer.',
          [
            'Ansager (the ordinary game, base value 20): take the talon, discard, and you may buy a card.',
            'Solo (40): take the talon and discard, no buying.',
            'Super (80): no exchange; the unseen talon counts for the declarer.',
            'Super Mord (“murder”): the declarer must take every trick — all or nothing.',
          ],
        ],
      },
      {
        id: 'exchange',
        title: 'Talon, discard and buying',
        body: [
          'In an Ansager or a Solo the declarer takes the three talon cards and lays away three. The Gstieß, the Mond and the Pagat may not be laid away, and each king laid away needs a trump laid away with it. The discard counts for the declarer.',
          'In an Ansager the declarer may then buy: he names a card he does not hold and gives its holder a card of his own, face down, in exchange. He may also decline.',
        ],
      },
      {
        id: 'layout',
        title: 'Laying out the Pagat',
        body: [
          'Before saying “ich liege” the declarer may lay out the Pagat face up, promising to win the last trick with it (in a Super Mord he may lay out the Gstieß instead). Then a defender holding the Pagat may lay it out. A laid-out Pagat may only be played when it is its owner’s only legal card.',
        ],
      },
      {
        id: 'doubling',
        title: 'Doubling',
        body: [
          'As in Dobbm: beginning left of the declarer, a defender may say Schwacher, the declarer Retour, the defenders Retour again, each doubling the game value, the difference points and a laid-out Pagat.',
        ],
      },
      {
        id: 'play',
        title: 'Playing the tricks',
        body: [
          '21 tricks. The declarer leads first; the winner of a trick leads the next.',
          [
            'Follow a trump with a trump; follow a suit, or play a trump if you cannot; otherwise anything.',
            'The Gstieß may always be played instead. A trick led with the Gstieß takes its suit from the second card.',
            'The highest trump wins; without trumps, the highest card of the suit led. The Gstieß never wins and always goes to its own side.',
          ],
        ],
      },
      {
        id: 'counting',
        title: 'Counting in threes',
        body: [
          'The cards are counted in groups of three: each group is worth its points minus 2, and a pair or single card left over loses 1. Both sides together always make 74. The declarer needs 37.',
        ],
      },
      {
        id: 'scoring',
        title: 'Scoring',
        body: [
          'A declarer who makes 37 or more scores the base value plus the points over 37; one who falls short loses the base value plus the points short. A Match (all 21 tricks) is the base value plus 37. The game value is doubled by each Schwacher and Retour.',
          'The Pagat scores on its own: laid out, it is worth 20 for winning the last trick, or costs 20 if it does not, both doubled with the game; not laid out, it is worth 10 for winning the last trick (−10 if beaten there), and 5 to the side that catches it earlier.',
          'Super Mord is worth 167 (187 with a laid-out Pagat or Gstieß): won only if the declarer takes all 21 tricks; play stops at the first trick he loses.',
        ],
      },
      {
        id: 'settlement',
        title: 'The score sheet and settling',
        body: [
          'On paper only the declarer’s line changes. When the session ends (any player may call it; four more hands are played), each pair of players settles the difference of their scores, times the stake in Groschen per point.',
        ],
      },
    ],
  },
  doppelkopf: {
    intro:
      'Doppelkopf (“double head”: every card is in the pack twice) is played by four in two parties, Re and Kontra, whose members are at first unknown. The defaults follow the German Doppelkopf association’s tournament rules (DDV).',
    sections: [
      {
        id: 'players',
        title: 'Players and cards',
        body: [
          'Four play each deal; with five, the dealer sits out and scores 0. 48 cards (or 40 without the nines): Ass (Daus) 11 points, Zehner 10, König 4, Dame (Ober) 3, Bube (Unter) 2, Neuner 0 — 240 points in all.',
          'The two players holding the Kreuz-Damen (“die Alten”) are Re; the other two are Kontra. Nobody knows at first who is with whom.',
        ],
      },
      {
        id: 'trumps',
        title: 'Trumps',
        body: [
          'In a normal game the trumps, highest first: Herz-Zehn (the Dulle), the four Damen (Kreuz, Pik, Herz, Karo), the four Buben in the same order, then Karo-Ass (the Fuchs), Karo-Zehn, Karo-König and Karo-Neun. Of two equal cards the one played first wins; of two Dullen too, by default.',
          'In a solo the soloist chooses the trumps: a suit solo (Karo, Herz, Pik, Kreuz), a Damen solo or Buben solo (only those are trumps), or the Fleischlose (no trumps at all).',
        ],
      },
      {
        id: 'reservations',
        title: 'Reservations (Vorbehalte)',
        body: [
          'Before play, each player says Gesund (content with a normal game) or Vorbehalt (a reservation). Those with a Vorbehalt name it: a Hochzeit, an Armut (if the table plays it) or a solo. A compulsory solo beats a free solo, which beats an Armut, which beats a Hochzeit; among equals the earlier player wins.',
          'A player with both Kreuz-Damen who says Gesund plays a silent solo: alone against three, scored as a solo, and nobody is told.',
        ],
      },
      {
        id: 'wedding',
        title: 'Hochzeit and Armut',
        body: [
          'Hochzeit (wedding): the player with both Kreuz-Damen plays with the first other player who wins a trick among the first three. If nobody does, he plays alone, scored as a Karo solo.',
          'Armut (poverty, only if the table plays it): a player with at most three trumps passes three cards, all his trumps among them, face down. The first player to accept takes them and gives three cards back; the two are Re. If nobody accepts, the same dealer deals again.',
        ],
      },
      {
        id: 'play',
        title: 'Playing the tricks',
        body: [
          'Twelve tricks (ten with 40 cards). Forehand, left of the dealer, leads first (the soloist in a compulsory solo). Follow suit if you can — trumps count as one suit — otherwise play any card; you need not trump.',
          'The highest trump wins; without a trump, the highest card of the suit led.',
        ],
      },
      {
        id: 'announcements',
        title: 'Announcements: Re, Kontra and Absagen',
        body: [
          'A player may announce Re or Kontra for his own party (each adds two points to the game) while he still holds at least eleven of his twelve cards. Then come the Absagen: keine 90 (the other side will get less than 90) with ten cards, keine 60 with nine, keine 30 with eight, schwarz (the other side takes no trick) with seven.',
          'A party may answer the other party’s announcement with Re or Kontra up to one card later than that announcement itself was allowed.',
        ],
      },
      {
        id: 'winning',
        title: 'Who wins',
        body: [
          'Re needs 121 card points, Kontra 120 (if only Kontra announced, Re needs just 120 and Kontra 121). A party that made an Absage must make it good: 151 for keine 90, 181 for keine 60, 211 for keine 30, every trick for schwarz. If both parties fail their Absagen, nobody wins.',
        ],
      },
      {
        id: 'scoring',
        title: 'Game value',
        body: [
          'The winning party scores one point for winning, plus:',
          [
            'one each when the losers have under 90, under 60, under 30 card points, and one if they took no trick (schwarz);',
            'two for Re and two for Kontra announced, and one for each Absage;',
            'in a normal game, Hochzeit or Armut: extra points (Sonderpunkte) — gegen die Alten (Kontra won), a Doppelkopf (a trick of 40 points or more), each Fuchs caught from the other party, and the Karlchen (the Kreuz-Bube winning the last trick). The other party’s extra points count against.',
          ],
          'Each winner gets the game value, each loser pays it. A soloist wins or pays three times the value.',
        ],
      },
      {
        id: 'sessions',
        title: 'Sessions and compulsory solos',
        body: [
          'An informal session runs open-ended or for a set number of deals. A tournament session has 20 deals plus one compulsory solo (Pflichtsolo) per player; whoever has not played it by the end is made to (“vorgeführt”).',
        ],
      },
    ],
  },
  /** What each rule option does, by the option's name with `_` for its dots. */
  options: {
    dobbm: {
      players: 'Four players, or five: then the dealer sits out each deal and pays and receives like a defender.',
      stake: 'What each opponent pays for a Match (all eight tricks) in an undoubled Dobbm; smaller wins pay their share of it.',
      rounding:
        'Each payment is rounded up to whole units (as in the valley), or settled exactly in hundredths. Rounding comes before the Solo and the doublings.',
      doubling_firstSpeaker: 'Which defender may say the first Schwacher: the one left of the declarer, or the one left of the dealer.',
      doubling_maxDoublings: 'A cap on the doublings (Schwacher, Retour …) in one deal; empty means no limit. Four is the house setting.',
      discard_heartSowIsSow:
        'On: the Herz-Sau is a Sau in the discard and needs another heart laid away with it. Off: it is just a heart and may itself cover a Sau.',
      zeroTrickTransfer:
        'A declarer without a trick loses the discard (and the Solo’s Dobb) to the defenders in every game, or only in a Dobbm.',
      mussrunde_enabled: 'Whether the session ends with a Mußrunde, in which every player must be declarer once.',
      mussrunde_whoMayCall: 'Who may call for the Mußrunde: only the host, or any seated player.',
      irregularities: 'An illegal move is simply refused, or accepted and penalised as at a real table.',
      penalty_includeDoublings: 'Whether the penalty for an illegal move is multiplied by the Solo and the doublings in force.',
      penalty_dealerPays: 'With five players: whether the sitting-out dealer also pays or receives a penalty.',
    },
    droggn: {
      players: 'Three players, or four: then the dealer sits out each deal and scores with the defenders.',
      deal: 'How the cards are dealt: three rounds of seven with the talon last, the talon after the second round, or 5-5-5-3-3.',
      discard_kingCover: 'Each king laid away needs its own trump laid away with it, or one trump covers any number of kings.',
      talon_expose: 'Whether the talon is shown to everybody in an Ansager before the declarer takes it.',
      buy_invalidRequestForfeits: 'Whether asking to buy a card one already holds uses up the right to buy, as at a real table.',
      gstiess_lastTrickIllegal: 'Whether the Gstieß may not be played to the last trick.',
      winThreshold: 'Card points the declarer needs: 37, 38, or 37 with the last trick deciding a 37:37 tie.',
      kleineGstiessUltimo:
        'A declarer left with only the Pagat and the Gstieß, no trump out, may claim the last trick for a doubled Pagat score.',
      mord_doubling: 'Whether the Super Mord’s bonus of 50 is doubled with the rest of its value.',
      mord_pagatItems: 'Super Mord scores all or nothing, or adds the ordinary Pagat scores.',
      doubling_maxDoublings: 'A cap on the doublings in one deal; empty means no limit. Four is the house setting.',
      irregularities: 'An illegal move is simply refused, or accepted and penalised as at a real table.',
      stake: 'How many Groschen one point on the score sheet is worth when the session is settled.',
    },
    doppelkopf: {
      players: 'Four players, or five: then the dealer sits out each deal and scores 0.',
      deck: '48 cards with the nines, or 40 without.',
      deal40: 'How the 40 cards are dealt: 3-4-3 or five rounds of two.',
      mode: 'An informal session, or a tournament: 20 deals plus a compulsory solo for each player.',
      session_deals: 'How many deals an informal session has; 0 or empty means it runs until the players stop.',
      vorfuehrung:
        'When a player who still owes his compulsory solo is made to play it: at the end, or as soon as the deals left equal those owed.',
      soloistLeadsLustsolo: 'Whether the soloist leads in a free solo too (he always does in a compulsory solo).',
      revealLosingReservations: 'Whether a reservation beaten by a higher one is shown to everyone.',
      dullen: 'Of two Dullen (Herz-Zehn) in one trick: the first wins, the second, or the second except in the last trick.',
      piglets: 'Schweinchen: a player with both Karo-Asse may declare them; they then rank above the Dullen.',
      piglets_firstOnly: 'Only the first Karo-Ass played becomes a Schweinchen.',
      piglets_forceAnnouncement: 'Declaring Schweinchen announces the holder’s party.',
      piglets_inDiamondSolo: 'Schweinchen are allowed in a Karo solo too.',
      piglets_super: 'Superschweinchen: once Schweinchen are declared, both Karo-Neunen of one player rank above them (48 cards only).',
      review: 'Which past tricks a player may look at: the last one, none, or those of his own side.',
      wedding_callableTypes:
        'Whether the bride names which trick finds the partner: the first, the first trump trick, or the first plain-suit trick.',
      poverty_enabled: 'Armut: a player with at most three trumps may pass them to a partner.',
      poverty_countFoxes: 'Whether the Karo-Asse count as trumps when deciding on an Armut.',
      poverty_passExactlyTrumps: 'The poor player passes only his trumps and gets as many cards back (instead of three).',
      poverty_announceTrumpsReturned: 'Whether the number of trumps given back is announced.',
      poverty_rank: 'Whether an Armut ranks above or below a Hochzeit among the reservations.',
      forcedAnnouncement: 'A first trick worth 30 or more announces the winner’s party at once.',
      forcedAnnouncement_further: 'If that party has announced already, its next Absage is booked instead.',
      announcementTiming: 'Announcements at any moment of the play, or only on one’s own turn.',
      throwIn_fiveNines: 'A player with five or more nines may throw the deal in (48 cards only).',
      throwIn_fiveKings: 'A player with five or more kings may throw the deal in.',
      halfChicken: 'The holder of both Karo-Zehnen may announce “half a chicken”: for fun only, no effect on play or score.',
      extras_foxLastTrickDouble: 'A Fuchs caught in the last trick is worth two extra points.',
      extras_lostCharlie: 'An extra point for winning the last trick with an opponent’s Kreuz-Bube in it.',
      extras_lizzieMiller: 'That point only if the trick is won by a Karo-Dame.',
      against90: 'Card points a party needs against the other party’s keine 90: 120 or 121.',
      lateReplyAbsagen:
        'Whether a party whose Re or Kontra came late, as an answer, may still make Absagen (allowed), or not, as the DDV rules say.',
      loserCannotGain: 'The game value never goes below 0, so the losing party never gains through its extra points.',
    },
  },
};

/** Rules content: the same shape in every language, every text a string. */
type Texts<T> = T extends string ? string : T extends readonly (infer E)[] ? Texts<E>[] : { [K in keyof T]: Texts<T[K]> };
export type RulesContent = Texts<typeof rulesEn>;
