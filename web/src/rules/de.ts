import type { RulesContent } from './en.js';

/** Die Regeln für Spieler, auf Deutsch: dieselben Abschnitte und Optionen wie `en.ts`. */
export const rulesDe: RulesContent = {
  dobbm: {
    intro:
      'Dobbm (von „i dob“, ich nehme den Dobb) ist das Tapp-Spiel des Stubaitals: Ein Spieler spielt gegen drei Gegenspieler, die zusammenhalten. Herz ist immer Trumpf.',
    sections: [
      {
        id: 'players',
        title: 'Spieler und Karten',
        body: [
          'Vier spielen jedes Spiel. Sitzen fünf am Tisch, setzt der Geber aus („er feiert“), zahlt und kassiert aber wie ein Gegenspieler.',
          '36 deutsche Karten: Herz (immer Trumpf), Laub (Grün), Eichel und Schellen. In jeder Farbe gilt: Sau 11 Augen, Zehner 10, König 4, Ober 3, Unter 2, dann Neuner, Achter, Siebener und Sechser ohne Augen. Zusammen 120 Augen. Der Schellen-Sechser (der Weli) ist hier eine gewöhnliche Karte.',
        ],
      },
      {
        id: 'deal',
        title: 'Geben',
        body: [
          'Jeder bekommt acht Karten, in zwei Runden zu je vier. Die letzten vier Karten sind der Dobb (der Talon), verdeckt.',
          'Wer ein Spiel spielt, gibt das nächste. Sagen alle weiter, gibt bei vier Spielern derselbe Geber noch einmal; bei fünf geht das Geben nach links, und der neue Geber bekommt ein Stockerl.',
        ],
      },
      {
        id: 'bidding',
        title: 'Reizen',
        body: [
          'Links vom Geber beginnend spricht jeder einmal: weiter (oder „gut“, sobald jemand geboten hat) oder ein höheres Gebot als das bisherige.',
          [
            'Dobbm („i dob“): Der Spieler nimmt den Dobb und legt vier Karten ab.',
            'Solo: Der Spieler spielt ohne den Dobb; jede Zahlung zählt doppelt.',
          ],
          'Wer am höchsten bietet, ist der Spieler; die drei anderen sind die Gegenspieler. Sein eigenes Gebot kann niemand erhöhen.',
        ],
      },
      {
        id: 'discard',
        title: 'Dobb aufnehmen und ablegen',
        body: [
          'Im Dobbm nimmt der Spieler die vier Karten des Dobb auf und legt beliebige vier Karten verdeckt ab. Eine Sau (auch die Herz-Sau) darf nur mit einem eigenen Herz als Deckung abgelegt werden, also höchstens zwei Säue.',
          'Die abgelegten Karten zählen für den Spieler. Im Solo bleibt der Dobb verdeckt liegen, ungesehen auch vom Spieler, und zählt ebenfalls für ihn.',
          'Ist abgelegt (oder das Solo erreizt), sagt der Spieler „ich liege“; dann wird verdoppelt.',
        ],
      },
      {
        id: 'doubling',
        title: 'Verdoppeln: Schwacher und Retour',
        body: [
          'Links vom Spieler beginnend darf jeder Gegenspieler Schwacher sagen („zu schwach!“), das verdoppelt die Zahlung, oder Gut (keine Verdopplung). Der erste Schwacher beendet diese Runde.',
          'Auf einen Schwacher kann der Spieler Retour geben, das verdoppelt noch einmal; dann darf jeder Gegenspieler wieder Retour sagen, und so fort. Jede Verdopplung verdoppelt die Zahlung aufs Neue: eine zahlt doppelt, zwei vierfach, drei achtfach.',
          'Ohne Einstellung gibt es keine Grenze; ein Tisch kann eine festlegen, empfohlen sind vier.',
        ],
      },
      {
        id: 'play',
        title: 'Stiche spielen',
        body: [
          'Acht Stiche. Der Spieler spielt zum ersten Stich aus; wer einen Stich macht, spielt zum nächsten aus.',
          [
            'Farbe bedienen, wenn man kann (auf Herz kommt Herz).',
            'Wer nicht bedienen kann, muss ein Herz spielen, wenn er eines hat.',
            'Sonst eine beliebige Karte. Überstechen muss man nie.',
          ],
          'Das höchste Herz macht den Stich; ohne Herz die höchste Karte der ausgespielten Farbe.',
        ],
      },
      {
        id: 'scoring',
        title: 'Gewinnen und zahlen',
        body: [
          'Der Spieler zählt die Augen seiner Stiche und der abgelegten Karten (im Solo des Dobb). Über 60 gewinnt er, unter 60 verliert er, bei genau 60 ist es eingestellt und niemand zahlt. Ein Spieler ohne Stich zählt nichts: Die abgelegten Karten gehören dann den Gegenspielern.',
          'Der Einsatz ist, was jeder Gegner für einen Match (eine Seite macht alle acht Stiche) in einem unverdoppelten Dobbm zahlt. Jeder Gegner zahlt oder bekommt den Einsatz × (Abstand zu 60) ÷ 60, ohne Einstellung auf ganze Einheiten aufgerundet; dann ×2 im Solo und ×2 für jede Verdopplung.',
          'Bei fünf Spielern zahlt und kassiert der aussetzende Geber wie ein Gegenspieler.',
        ],
      },
      {
        id: 'stockerl',
        title: 'Stockerl (bei fünf Spielern)',
        body: [
          'Sagen am Fünfertisch alle weiter, geht das Geben nach links, und der neue Geber bekommt von jedem der vier anderen ein Stockerl: den Wert von zehn Augen in einem unverdoppelten Dobbm.',
        ],
      },
      {
        id: 'mussrunde',
        title: 'Die Mußrunde',
        body: [
          'Eine Sitzung kann mit einer Mußrunde enden: ein Spiel je Spieler am Tisch, ohne Reizen; wer links vom Geber sitzt, muss spielen und wählt Dobbm oder Solo. Jeder ist einmal Spieler, dann ist die Sitzung zu Ende.',
        ],
      },
      {
        id: 'irregularities',
        title: 'Regelwidrige Züge',
        body: [
          'Der Tisch lehnt jeden Zug ab, den die Regeln nicht erlauben; Verwerfen kann also nicht passieren. Ein Tisch kann sie stattdessen wie am echten Tisch behandeln: Das Spiel wird abgebrochen, und die Seite, die den Fehler gemacht hat, zahlt jedem Gegner einen halben Match (mal Solo und geltende Verdopplungen).',
        ],
      },
    ],
  },
  droggn: {
    intro:
      'Droggn ist das Stubaier Tarock: ein Tarockblatt mit 66 Karten, 21 Trümpfen (Tarock) und dem Gstieß (dem Sküs). Ein Spieler spielt gegen zwei Gegenspieler.',
    sections: [
      {
        id: 'players',
        title: 'Spieler und Karten',
        body: [
          'Drei spielen jedes Spiel. Sitzen vier am Tisch, setzt der Geber aus („er feiert“) und zählt mit den Gegenspielern.',
          'Die Trümpfe reichen vom Mond (XXI, „der Große“) bis zum Pagat (I, „der Kleine“). Pik und Kreuz: König, Dame, Reiter, Bube, dann 10 bis 4; Herz und Karo: König, Dame, Reiter, Bube, dann Ass (die Eins) bis 7. Der Gstieß ist kein Trumpf und macht nie einen Stich.',
          'Augen: Gstieß, Mond, Pagat und Könige je 5, Damen 4, Reiter 3, Buben 2, jede andere Karte 1.',
        ],
      },
      {
        id: 'deal',
        title: 'Geben',
        body: [
          'Jeder bekommt 21 Karten, ohne Einstellung in drei Runden zu sieben; drei Karten sind der Talon. Wer ein Spiel spielt, gibt das nächste; sagen alle weiter, gibt derselbe Geber noch einmal.',
        ],
      },
      {
        id: 'bidding',
        title: 'Reizen',
        body: [
          'Links vom Geber beginnend spricht jeder einmal: weiter oder ein höheres Gebot. Wer am höchsten bietet, ist der Spieler.',
          [
            'Ansager (das gewöhnliche Spiel, Grundwert 20): Talon aufnehmen, ablegen, und man darf eine Karte kaufen.',
            'Solo (40): Talon aufnehmen und ablegen, kein Kauf.',
            'Super (80): kein Tausch; der ungesehene Talon zählt für den Spieler.',
            'Super Mord: Der Spieler muss alle Stiche machen — alles oder nichts.',
          ],
        ],
      },
      {
        id: 'exchange',
        title: 'Talon, Ablegen und Kaufen',
        body: [
          'Im Ansager und im Solo nimmt der Spieler die drei Talonkarten auf und legt drei ab. Gstieß, Mond und Pagat dürfen nicht abgelegt werden, und jeder abgelegte König braucht einen mit abgelegten Trumpf. Die abgelegten Karten zählen für den Spieler.',
          'Im Ansager darf der Spieler danach kaufen: Er nennt eine Karte, die er nicht hat, und gibt ihrem Besitzer verdeckt eine eigene dafür. Er darf auch verzichten.',
        ],
      },
      {
        id: 'layout',
        title: 'Den Pagat auslegen',
        body: [
          'Bevor er „ich liege“ sagt, darf der Spieler den Pagat offen auslegen und verspricht damit, mit ihm den letzten Stich zu machen (im Super Mord darf er stattdessen den Gstieß auslegen). Danach darf ein Gegenspieler mit dem Pagat ihn auslegen. Ein ausgelegter Pagat darf erst gespielt werden, wenn er die einzige erlaubte Karte seines Besitzers ist.',
        ],
      },
      {
        id: 'doubling',
        title: 'Verdoppeln',
        body: [
          'Wie im Dobbm: Links vom Spieler beginnend darf ein Gegenspieler Schwacher sagen, der Spieler Retour, die Gegenspieler wieder Retour; jedes verdoppelt den Spielwert, die Differenzpunkte und einen ausgelegten Pagat.',
        ],
      },
      {
        id: 'play',
        title: 'Stiche spielen',
        body: [
          '21 Stiche. Der Spieler spielt zuerst aus; wer einen Stich macht, spielt zum nächsten aus.',
          [
            'Auf Trumpf Trumpf; Farbe bedienen, sonst Trumpf spielen; hat man beides nicht, eine beliebige Karte.',
            'Den Gstieß darf man immer stattdessen spielen. Wird er ausgespielt, bestimmt die zweite Karte die Farbe.',
            'Der höchste Trumpf macht den Stich; ohne Trumpf die höchste Karte der ausgespielten Farbe. Der Gstieß gewinnt nie und bleibt bei seiner Seite.',
          ],
        ],
      },
      {
        id: 'counting',
        title: 'Zählen zu dritt',
        body: [
          'Gezählt wird in Dreiergruppen: Jede Gruppe zählt ihre Augen weniger 2, ein übriges Paar oder eine einzelne Karte weniger 1. Beide Seiten zusammen haben immer 74. Der Spieler braucht 37.',
        ],
      },
      {
        id: 'scoring',
        title: 'Abrechnen',
        body: [
          'Macht der Spieler 37 oder mehr, bekommt er den Grundwert und die Augen über 37; sonst verliert er den Grundwert und die fehlenden Augen. Ein Match (alle 21 Stiche) ist der Grundwert plus 37. Jeder Schwacher und jedes Retour verdoppeln den Spielwert.',
          'Der Pagat zählt für sich: Ausgelegt bringt er 20, wenn er den letzten Stich macht, sonst kostet er 20, beides mit dem Spiel verdoppelt; nicht ausgelegt bringt er 10 für den letzten Stich (−10, wenn er dort gestochen wird) und 5 für die Seite, die ihn früher fängt.',
          'Super Mord zählt 167 (187 mit ausgelegtem Pagat oder Gstieß): gewonnen nur, wenn der Spieler alle 21 Stiche macht; das Spiel endet mit dem ersten Stich, den er abgibt.',
        ],
      },
      {
        id: 'settlement',
        title: 'Schreibzettel und Abrechnung',
        body: [
          'Auf dem Papier ändert sich nur die Zeile des Spielers. Am Ende der Sitzung (jeder darf es ansagen; dann folgen noch vier Spiele) rechnet jedes Paar den Unterschied seiner Punkte ab, mal dem Einsatz in Groschen je Punkt.',
        ],
      },
    ],
  },
  doppelkopf: {
    intro:
      'Doppelkopf (jede Karte gibt es zweimal) spielen vier in zwei Parteien, Re und Kontra, die anfangs niemand kennt. Die Grundeinstellungen folgen der Turnierspielordnung des Deutschen Doppelkopf-Verbands (DDV).',
    sections: [
      {
        id: 'players',
        title: 'Spieler und Karten',
        body: [
          'Vier spielen jedes Spiel; bei fünf setzt der Geber aus und bekommt 0. 48 Karten (oder 40 ohne Neunen): Ass 11 Augen, Zehn 10, König 4, Dame 3, Bube 2, Neun 0 — zusammen 240 Augen.',
          'Die beiden mit den Kreuz-Damen („die Alten“) sind Re, die anderen beiden Kontra. Wer zu wem gehört, weiß anfangs niemand.',
        ],
      },
      {
        id: 'trumps',
        title: 'Trümpfe',
        body: [
          'Im Normalspiel sind Trumpf, von oben: Herz-Zehn (die Dulle), die vier Damen (Kreuz, Pik, Herz, Karo), die vier Buben in derselben Reihenfolge, dann Karo-Ass (der Fuchs), Karo-Zehn, Karo-König und Karo-Neun. Von zwei gleichen Karten gewinnt die zuerst gespielte, ohne Einstellung auch von zwei Dullen.',
          'Im Solo wählt der Solospieler die Trümpfe: ein Farbsolo (Karo, Herz, Pik, Kreuz), ein Damen- oder Bubensolo (nur diese sind Trumpf) oder den Fleischlosen (gar kein Trumpf).',
        ],
      },
      {
        id: 'reservations',
        title: 'Vorbehalte',
        body: [
          'Vor dem Spiel sagt jeder Gesund (einverstanden mit einem Normalspiel) oder Vorbehalt. Wer einen Vorbehalt hat, nennt ihn: Hochzeit, Armut (wenn der Tisch sie spielt) oder ein Solo. Ein Pflichtsolo schlägt ein Lustsolo, das schlägt eine Armut, die schlägt eine Hochzeit; bei Gleichstand gewinnt, wer früher dran war.',
          'Wer beide Kreuz-Damen hat und Gesund sagt, spielt ein stilles Solo: allein gegen drei, abgerechnet wie ein Solo, und niemand erfährt es.',
        ],
      },
      {
        id: 'wedding',
        title: 'Hochzeit und Armut',
        body: [
          'Hochzeit: Wer beide Kreuz-Damen hat, spielt mit dem ersten anderen, der einen der ersten drei Stiche macht. Macht keiner einen, spielt er allein, abgerechnet wie ein Karo-Solo.',
          'Armut (nur wenn der Tisch sie spielt): Wer höchstens drei Trümpfe hat, schiebt drei Karten verdeckt weiter, alle seine Trümpfe darunter. Wer als Erster annimmt, nimmt sie und gibt drei Karten zurück; die beiden sind Re. Nimmt niemand an, gibt derselbe Geber neu.',
        ],
      },
      {
        id: 'play',
        title: 'Stiche spielen',
        body: [
          'Zwölf Stiche (zehn mit 40 Karten). Die Vorhand links vom Geber spielt zuerst aus (im Pflichtsolo der Solospieler). Man muss bedienen, wenn man kann — Trumpf zählt als eine Farbe —, sonst darf man jede Karte spielen; stechen muss man nicht.',
          'Der höchste Trumpf macht den Stich; ohne Trumpf die höchste Karte der ausgespielten Farbe.',
        ],
      },
      {
        id: 'announcements',
        title: 'Ansagen: Re, Kontra und Absagen',
        body: [
          'Re oder Kontra für die eigene Partei (je zwei Punkte mehr im Spiel) sagt man an, solange man noch mindestens elf seiner zwölf Karten hat. Dann die Absagen: keine 90 (die andere Seite bekommt weniger als 90) mit zehn Karten, keine 60 mit neun, keine 30 mit acht, schwarz (die andere Seite macht keinen Stich) mit sieben.',
          'Auf eine Ansage der anderen Partei darf man mit Re oder Kontra noch bis eine Karte später antworten, als diese Ansage selbst erlaubt war.',
        ],
      },
      {
        id: 'winning',
        title: 'Wer gewinnt',
        body: [
          'Re braucht 121 Augen, Kontra 120 (hat nur Kontra angesagt, reichen Re 120, und Kontra braucht 121). Wer abgesagt hat, muss es schaffen: 151 bei keine 90, 181 bei keine 60, 211 bei keine 30, alle Stiche bei schwarz. Verfehlen beide Parteien ihre Absagen, gewinnt niemand.',
        ],
      },
      {
        id: 'scoring',
        title: 'Spielwert',
        body: [
          'Die Gewinner bekommen einen Punkt fürs Gewinnen, dazu:',
          [
            'je einen, wenn die Verlierer unter 90, unter 60, unter 30 Augen haben, und einen, wenn sie keinen Stich gemacht haben (schwarz);',
            'zwei für angesagtes Re und zwei für angesagtes Kontra, und einen für jede Absage;',
            'im Normalspiel, in der Hochzeit und in der Armut die Sonderpunkte: gegen die Alten (Kontra gewinnt), ein Doppelkopf (ein Stich mit 40 Augen oder mehr), jeder Fuchs, der der anderen Partei abgenommen wird, und das Karlchen (der Kreuz-Bube macht den letzten Stich). Die Sonderpunkte der anderen Partei zählen dagegen.',
          ],
          'Jeder Gewinner bekommt den Spielwert, jeder Verlierer zahlt ihn. Ein Solospieler bekommt oder zahlt das Dreifache.',
        ],
      },
      {
        id: 'sessions',
        title: 'Sitzungen und Pflichtsoli',
        body: [
          'Eine freie Sitzung läuft offen oder über eine feste Zahl von Spielen. Eine Turniersitzung hat 20 Spiele und dazu ein Pflichtsolo je Spieler; wer es am Ende noch nicht gespielt hat, wird vorgeführt.',
        ],
      },
    ],
  },
  options: {
    dobbm: {
      players: 'Vier Spieler, oder fünf: Dann setzt der Geber jedes Spiel aus und zahlt und kassiert wie ein Gegenspieler.',
      stake:
        'Was jeder Gegner für einen Match (alle acht Stiche) in einem unverdoppelten Dobbm zahlt; kleinere Gewinne zahlen ihren Anteil daran.',
      rounding:
        'Jede Zahlung wird auf ganze Einheiten aufgerundet (wie im Tal) oder genau in Hundertsteln abgerechnet. Gerundet wird vor dem Solo und den Verdopplungen.',
      doubling_firstSpeaker: 'Welcher Gegenspieler den ersten Schwacher sagen darf: der links vom Spieler oder der links vom Geber.',
      doubling_maxDoublings:
        'Eine Grenze für die Verdopplungen (Schwacher, Retour …) in einem Spiel; leer heißt unbegrenzt. Empfohlen sind vier.',
      discard_heartSowIsSow:
        'Ein: Die Herz-Sau ist beim Ablegen eine Sau und braucht ein anderes Herz als Deckung. Aus: Sie ist nur ein Herz und darf selbst eine Sau decken.',
      zeroTrickTransfer:
        'Ein Spieler ohne Stich verliert die abgelegten Karten (und im Solo den Dobb) an die Gegenspieler in jedem Spiel, oder nur im Dobbm.',
      mussrunde_enabled: 'Ob die Sitzung mit einer Mußrunde endet, in der jeder einmal spielen muss.',
      mussrunde_whoMayCall: 'Wer die Mußrunde ansagen darf: nur der Gastgeber oder jeder am Tisch.',
      irregularities: 'Ein regelwidriger Zug wird einfach abgelehnt, oder angenommen und bestraft wie am echten Tisch.',
      penalty_includeDoublings: 'Ob die Strafe für einen regelwidrigen Zug mit Solo und Verdopplungen malgenommen wird.',
      penalty_dealerPays: 'Bei fünf Spielern: ob auch der aussetzende Geber eine Strafe zahlt oder bekommt.',
    },
    droggn: {
      players: 'Drei Spieler, oder vier: Dann setzt der Geber jedes Spiel aus und zählt mit den Gegenspielern.',
      deal: 'Wie gegeben wird: drei Runden zu sieben und der Talon zuletzt, der Talon nach der zweiten Runde, oder 5-5-5-3-3.',
      discard_kingCover: 'Jeder abgelegte König braucht einen eigenen mit abgelegten Trumpf, oder ein Trumpf deckt beliebig viele Könige.',
      talon_expose: 'Ob der Talon im Ansager allen gezeigt wird, bevor der Spieler ihn aufnimmt.',
      buy_invalidRequestForfeits: 'Ob der Wunsch, eine Karte zu kaufen, die man selbst hat, das Kaufrecht verbraucht, wie am echten Tisch.',
      gstiess_lastTrickIllegal: 'Ob der Gstieß nicht in den letzten Stich gespielt werden darf.',
      winThreshold: 'Augen, die der Spieler braucht: 37, 38, oder 37, wobei bei 37:37 der letzte Stich entscheidet.',
      kleineGstiessUltimo:
        'Hat der Spieler nur noch Pagat und Gstieß und sonst niemand einen Trumpf, darf er den letzten Stich für einen doppelten Pagat beanspruchen.',
      mord_doubling: 'Ob der Bonus von 50 im Super Mord mit dem übrigen Wert verdoppelt wird.',
      mord_pagatItems: 'Super Mord zählt alles oder nichts, oder dazu die gewöhnlichen Pagat-Prämien.',
      doubling_maxDoublings: 'Eine Grenze für die Verdopplungen in einem Spiel; leer heißt unbegrenzt. Empfohlen sind vier.',
      irregularities: 'Ein regelwidriger Zug wird einfach abgelehnt, oder angenommen und bestraft wie am echten Tisch.',
      stake: 'Wie viele Groschen ein Punkt auf dem Schreibzettel bei der Abrechnung wert ist.',
    },
    doppelkopf: {
      players: 'Vier Spieler, oder fünf: Dann setzt der Geber jedes Spiel aus und bekommt 0.',
      deck: '48 Karten mit den Neunen, oder 40 ohne.',
      deal40: 'Wie die 40 Karten gegeben werden: 3-4-3 oder fünf Runden zu zwei.',
      mode: 'Eine freie Sitzung, oder ein Turnier: 20 Spiele und ein Pflichtsolo für jeden.',
      session_deals: 'Wie viele Spiele eine freie Sitzung hat; 0 oder leer heißt, bis die Spieler aufhören.',
      vorfuehrung:
        'Wann jemand, der sein Pflichtsolo noch schuldet, vorgeführt wird: am Ende, oder sobald die übrigen Spiele den geschuldeten gleichen.',
      soloistLeadsLustsolo: 'Ob der Solospieler auch im Lustsolo ausspielt (im Pflichtsolo tut er es immer).',
      revealLosingReservations: 'Ob ein Vorbehalt, den ein höherer geschlagen hat, allen gezeigt wird.',
      dullen: 'Von zwei Dullen (Herz-Zehnen) in einem Stich gewinnt die erste, die zweite, oder die zweite außer im letzten Stich.',
      piglets: 'Schweinchen: Wer beide Karo-Asse hat, darf sie ansagen; sie stehen dann über den Dullen.',
      piglets_firstOnly: 'Nur das zuerst gespielte Karo-Ass wird ein Schweinchen.',
      piglets_forceAnnouncement: 'Wer Schweinchen ansagt, sagt damit seine Partei an.',
      piglets_inDiamondSolo: 'Schweinchen gibt es auch im Karo-Solo.',
      piglets_super: 'Superschweinchen: Sind Schweinchen angesagt, stehen beide Karo-Neunen eines Spielers über ihnen (nur mit 48 Karten).',
      review: 'Welche Stiche man sich noch ansehen darf: den letzten, keinen, oder die der eigenen Partei.',
      wedding_callableTypes:
        'Ob die Braut bestimmt, welcher Stich den Partner findet: der erste, der erste Trumpfstich oder der erste Fehlstich.',
      poverty_enabled: 'Armut: Wer höchstens drei Trümpfe hat, darf sie einem Partner schieben.',
      poverty_countFoxes: 'Ob die Karo-Asse bei der Armut als Trümpfe zählen.',
      poverty_passExactlyTrumps: 'Der Arme schiebt nur seine Trümpfe und bekommt ebenso viele Karten zurück (statt drei).',
      poverty_announceTrumpsReturned: 'Ob angesagt wird, wie viele Trümpfe zurückkommen.',
      poverty_rank: 'Ob die Armut unter den Vorbehalten über oder unter der Hochzeit steht.',
      forcedAnnouncement: 'Ein erster Stich mit 30 Augen oder mehr sagt die Partei des Gewinners sofort an.',
      forcedAnnouncement_further: 'Hat diese Partei schon angesagt, wird stattdessen ihre nächste Absage gebucht.',
      announcementTiming: 'Ansagen jederzeit während des Spiels, oder nur, wenn man dran ist.',
      throwIn_fiveNines: 'Wer fünf oder mehr Neunen hat, darf das Spiel werfen (nur mit 48 Karten).',
      throwIn_fiveKings: 'Wer fünf oder mehr Könige hat, darf das Spiel werfen.',
      halfChicken: 'Wer beide Karo-Zehnen hat, darf „ein halbes Hähnchen“ ansagen: nur zum Spaß, ohne Folgen für Spiel und Wertung.',
      extras_foxLastTrickDouble: 'Ein Fuchs, der im letzten Stich gefangen wird, zählt zwei Sonderpunkte.',
      extras_lostCharlie: 'Ein Sonderpunkt, wenn man den letzten Stich mit dem Kreuz-Buben eines Gegners darin macht.',
      extras_lizzieMiller: 'Diesen Punkt nur, wenn eine Karo-Dame den Stich macht.',
      against90: 'Augen, die eine Partei gegen keine 90 der anderen braucht: 120 oder 121.',
      lateReplyAbsagen:
        'Ob eine Partei, deren Re oder Kontra spät als Antwort kam, noch absagen darf (erlaubt), oder nicht, wie es die DDV-Regeln sagen.',
      loserCannotGain: 'Der Spielwert fällt nie unter 0, die Verlierer gewinnen also nie durch ihre Sonderpunkte.',
    },
  },
};
