/**
 * The game's own part of a hand view (`DobbmView`, `DroggnView`, `DokoView` in the engine), as
 * OpenAPI 3.0 schemas: openApiDocument publishes each as `allOf` the common `HandViewDto` and
 * this part, and `HandView` as their `oneOf` by `game`. view-schemas.spec.ts holds every view
 * of random hands, for every viewer, to them with no field left over.
 */
type Schema = Record<string, unknown>;

const int: Schema = { type: 'integer' };
const seat: Schema = { type: 'integer', minimum: 0 };
const seats: Schema = { type: 'array', items: seat };
const card: Schema = { type: 'string', example: 'HS' };
const cards: Schema = { type: 'array', items: card };
const bool: Schema = { type: 'boolean' };
/** OpenAPI 3.0: `nullable`, and `null` among the values of an enum (3.0.3). */
const nullable = (s: Schema): Schema => ({
  ...s,
  nullable: true,
  ...(Array.isArray(s.enum) ? { enum: [...(s.enum as unknown[]), null] } : {}),
});
const words = (...values: (string | number)[]): Schema => ({ type: typeof values[0] === 'number' ? 'integer' : 'string', enum: values });
const list = (items: Schema): Schema => ({ type: 'array', items });
/** An object with these fields; those named in `optional` may be absent. */
const object = (properties: Record<string, Schema>, optional: string[] = []): Schema => ({
  type: 'object',
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  properties,
});

const play = object({ seat, card });
const seatCall = object({ seat, call: words('gut', 'schwacher', 'retour') });
const tricksWon = object({ declarer: int, defenders: int });
const irregularity = object({ offender: seat, reporter: seat });
const result: Schema = nullable({
  type: 'object',
  additionalProperties: true,
  description: "the hand's result (docs/contract.md#result) once it is over",
});
const legalActions: Schema = list({ type: 'object', additionalProperties: true });

/** The fields a seat's view adds (its seat, cards and legal actions). */
const ownFields = { seat, hand: cards, legalActions };
const own = Object.keys(ownFields);

const dobbm = object(
  {
    game: words('dobbm'),
    phase: words('bidding', 'exchange', 'doubling', 'play', 'over'),
    dealer: seat,
    toAct: seats,
    players: words(4, 5),
    active: seats,
    sittingOut: nullable(seat),
    mussrunde: bool,
    bids: list(object({ seat, bid: words('pass', 'dobbm', 'solo') })),
    declarer: nullable(seat),
    contract: nullable(words('dobbm', 'solo')),
    defenders: seats,
    calls: list(seatCall),
    doublings: int,
    multiplier: int,
    handSizes: list(int),
    currentTrick: object({ leader: { ...int, description: 'before the play, -1' }, plays: list(play) }),
    tricks: list(object({ leader: seat, plays: list(play), winner: seat, points: int })),
    tricksWon,
    discarded: bool,
    ...ownFields,
    mayReportIrregularity: { ...bool, description: 'under `irregularities: penalize`' },
    dobb: { ...cards, description: "the Dobb (talon): the Dobbm declarer's, and everyone's once the hand is over" },
    discard: { ...cards, description: "the declarer's, and everyone's once the hand is over" },
    hands: { ...list(nullable(cards)), description: 'auditor: every hand, null for the sitting-out dealer' },
    irregularity,
    result,
  },
  [...own, 'mayReportIrregularity', 'dobb', 'discard', 'hands', 'irregularity', 'result'],
);

const droggnBuy = nullable({
  type: 'object',
  required: ['kind'],
  properties: {
    kind: words('bought', 'declined', 'forfeited'),
    card,
    from: { ...seat, description: 'the seat that sold the card' },
    give: { ...card, description: 'the card given back: the declarer and the seller only' },
  },
});

const droggn = object(
  {
    game: words('droggn'),
    phase: words('bidding', 'discard', 'buy', 'ready', 'layout', 'doubling', 'play', 'over'),
    dealer: seat,
    activeSeats: seats,
    toAct: seats,
    bids: list(object({ seat, bid: words('pass', 'ansager', 'solo', 'super', 'supermord') })),
    declarer: nullable(seat),
    contract: nullable(words('ansager', 'solo', 'super', 'supermord')),
    defenders: seats,
    handSizes: list(int),
    talon: { ...nullable(cards), description: "the declarer's once picked up, everybody's when exposed or the hand is over" },
    discard: { ...nullable(cards), description: "the declarer's, and everyone's once the hand is over" },
    buy: droggnBuy,
    layouts: list(object({ seat, card: words('T1', 'GS') })),
    calls: list(seatCall),
    multiplier: int,
    trick: object({ leader: { ...int, description: 'before the play, -1' }, plays: list(play) }),
    tricks: list(object({ leader: seat, plays: list(play), winner: seat })),
    tricksWon,
    result,
    ultimoClaim: { type: 'boolean', enum: [true], description: 'present when the Ultimo conditions were met' },
    irregularity,
    hands: { ...list(cards), description: "auditor, and everyone's once the hand is over" },
    dealtHands: list(cards),
    piles: nullable(object({ declarer: cards, defenders: cards })),
    ...ownFields,
  },
  ['ultimoClaim', 'irregularity', 'hands', 'dealtHands', 'piles', ...own],
);

const dokoTrick = object({ leader: seat, plays: list(play), winner: seat }, ['winner']);
/** A trick outside `review`: who led and who won it, not the cards. */
const closedTrick = object({ leader: seat, winner: seat }, ['winner']);
const contractKinds = ['normal', 'hochzeit', 'armut', 'silent-solo', 'solo-d', 'solo-h', 'solo-s', 'solo-c', 'solo-q', 'solo-j', 'solo-f'];

const doppelkopf = object(
  {
    game: words('doppelkopf'),
    phase: words('reservations', 'contracts', 'poverty', 'poverty-answer', 'poverty-return', 'play', 'over'),
    dealer: seat,
    toAct: seats,
    reservations: list(object({ seat, call: words('gesund', 'vorbehalt', 'throwin') })),
    contract: { ...nullable(words(...contractKinds)), description: 'a silent solo shows as `normal` to the others' },
    declarer: nullable(seat),
    compulsory: { ...bool, description: 'the winning reservation was a compulsory solo (Pflichtsolo)' },
    wedding: nullable(
      object({ type: nullable(words('first', 'trump', 'nontrump')), partner: nullable(seat), trick: nullable(int), failed: bool }),
    ),
    contractCalls: {
      ...list(
        object(
          {
            seat,
            contract: words(...contractKinds.slice(1).filter((c) => c !== 'silent-solo')),
            wedding: words('first', 'trump', 'nontrump'),
          },
          ['wedding'],
        ),
      ),
      description: "a seat's own, everyone's once resolved under `revealLosingReservations`",
    },
    poverty: object({
      pauper: seat,
      declined: seats,
      acceptor: nullable(seat),
      passedCount: nullable(int),
      passed: { ...nullable(cards), description: "the Armut (poverty) cards: the pauper's and the acceptor's only" },
      returned: nullable(cards),
      trumpsReturned: nullable(int),
    }),
    announcements: list(
      object(
        {
          seat,
          party: words('re', 'kontra'),
          level: { ...int, description: '0 Re/Kontra, 1 keine 90 … 4 schwarz' },
          forced: bool,
          reply: { ...bool, description: "the party's Re or Kontra came with this announcement as a late reply" },
        },
        ['forced', 'reply'],
      ),
    ),
    piglets: nullable(seat),
    superPiglets: nullable(seat),
    currentTrick: nullable(dokoTrick),
    tricks: { ...list({ anyOf: [dokoTrick, closedTrick] }), description: 'the cards only of the tricks the `review` option shows' },
    tricksWon: list(int),
    result,
    ...ownFields,
    hand: nullable(cards),
    party: nullable(words('re', 'kontra')),
    hands: list(nullable(cards)),
    dealt: list(nullable(cards)),
    context: {
      type: 'object',
      additionalProperties: true,
      description: 'the session context of the deal (compulsory solos done, Vorführung)',
    },
  },
  ['contractCalls', 'poverty', ...own, 'party', 'hands', 'dealt', 'context'],
);

/** The game's part of a view, by game id. */
export const viewSchemas = { dobbm, droggn, doppelkopf } as const;
