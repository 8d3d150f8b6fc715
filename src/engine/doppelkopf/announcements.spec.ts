import { Codes } from '../core/rejections.js';
import type { Action } from '../core/types.js';
import { DokoCodes } from './codes.js';
import { legalActions } from './rules.js';
import { act, allHealthy, codeOf, dealWith, opts, playCards, playFirstLegal } from './deals.testkit.js';

const say = (seat: number, level: string): Action => ({ seat, type: 'announce', level });
/** Seats 0 and 2 are Re (one CQ each); seat 0 leads CA, a 42-point first trick won by seat 0. */
const HANDS = { 0: ['CQ', 'CA'], 1: ['C10'], 2: ['CQ', 'CA'], 3: ['C10'] };
const game = (o = opts()) => allHealthy(dealWith(o, HANDS));

describe('announcement windows (docs/rules/doppelkopf.md#announcements)', () => {
  it('none before the reservations are resolved', () => {
    expect(codeOf(dealWith(opts(), HANDS), say(0, 're'))).toBe(DokoCodes.ANNOUNCEMENT_NOT_OPEN);
  });

  it('a player announces only for his own party', () => {
    expect(codeOf(game(), say(0, 'kontra'))).toBe(DokoCodes.WRONG_PARTY);
    expect(codeOf(game(), say(1, 're'))).toBe(DokoCodes.WRONG_PARTY);
  });

  it('Re is in time with 11 cards held, too late with 10', () => {
    const after1 = playFirstLegal(game(), 1);
    expect(codeOf(after1, say(0, 're'))).toBeNull();
    const after2 = playFirstLegal(game(), 2);
    expect(codeOf(after2, say(0, 're'))).toBe(DokoCodes.ANNOUNCEMENT_TOO_LATE);
  });

  it('every implied level must itself be in time: Re said, keine 60 with 9 cards is too late (S4)', () => {
    let s = act(game(), say(0, 're'));
    s = playFirstLegal(s, 3);
    expect(codeOf(s, say(0, 'no60'))).toBe(DokoCodes.ANNOUNCEMENT_TOO_LATE);
    const at10 = playFirstLegal(act(game(), say(0, 're')), 2);
    expect(codeOf(at10, say(0, 'no90'))).toBeNull();
  });

  it('Kontra in reply to "Re, keine 90" is in time while holding nine cards (S4)', () => {
    let s = act(game(), say(0, 'no90'));
    s = playFirstLegal(s, 3);
    expect(codeOf(s, say(1, 'kontra'))).toBeNull();
    expect(codeOf(s, say(1, 'no90'))).toBe(DokoCodes.ANNOUNCEMENT_TOO_LATE);
    expect(codeOf(playFirstLegal(s, 1), say(1, 'kontra'))).toBe(DokoCodes.ANNOUNCEMENT_TOO_LATE);
  });

  it('a level the party already announced is refused', () => {
    const s = act(game(), say(0, 're'));
    expect(codeOf(s, say(2, 're'))).toBe(DokoCodes.ALREADY_ANNOUNCED);
  });

  it('docs/rules/doppelkopf.md#decision-12 default: any seat may announce at any moment of play', () => {
    expect(codeOf(game(), say(3, 'kontra'))).toBeNull();
  });

  it("docs/rules/doppelkopf.md#decision-12 alternative announcementTiming = ownTurnOnly: only on one's turn", () => {
    const s = game(opts({ announcementTiming: 'ownTurnOnly' }));
    expect(codeOf(s, say(3, 'kontra'))).toBe(Codes.NOT_YOUR_TURN);
    expect(codeOf(s, say(0, 're'))).toBeNull();
  });
});

describe('forced announcement (docs/rules/doppelkopf.md#announcements)', () => {
  const FIRST = ['CA', 'C10', 'CA', 'C10'];

  it('off by default: a 42-point first trick books nothing', () => {
    expect(playCards(game(), FIRST).announcements).toEqual([]);
  });

  it("books the winner's Ansage after a first trick worth 30 or more", () => {
    const s = playCards(game(opts({ forcedAnnouncement: true })), FIRST);
    expect(s.announcements).toEqual([{ seat: 0, party: 're', level: 0, forced: true }]);
  });

  it('with .further, an existing Ansage is raised to keine 90', () => {
    const s = playCards(act(game(opts({ forcedAnnouncement: { enabled: true, further: true } })), say(2, 're')), FIRST);
    expect(s.announcements[1]).toEqual({ seat: 0, party: 're', level: 1, forced: true });
  });
});

describe('Absagen after a late reply (docs/rules/doppelkopf.md#late-reply)', () => {
  /** Kontra said at once; two tricks later Re answers, after its own window (a late reply). */
  const lateRe = (o = opts()) => playFirstLegal(act(game(o), say(1, 'kontra')), 2);
  const refused = () => opts({ lateReplyAbsagen: 'refused' });

  it('default allowed: the replying party may still say keine 90 while its own window is open', () => {
    expect(codeOf(lateRe(), say(0, 'no90'))).toBeNull();
    const replied = act(lateRe(), say(0, 're'));
    expect(replied.announcements.at(-1)).toEqual({ seat: 0, party: 're', level: 0, reply: true });
    expect(codeOf(replied, say(2, 'no90'))).toBeNull();
  });

  it('refused (DDV): the late Re stands, but neither Re player may say keine 90 or more', () => {
    expect(codeOf(lateRe(refused()), say(0, 'no90'))).toBe(DokoCodes.ANNOUNCEMENT_TOO_LATE);
    const replied = act(lateRe(refused()), say(0, 're'));
    for (const seat of [0, 2]) {
      expect(codeOf(replied, say(seat, 'no90'))).toBe(DokoCodes.ANNOUNCEMENT_TOO_LATE);
      expect(legalActions(replied, seat).filter((a) => a.type === 'announce')).toEqual([]);
    }
  });

  it('refused: a Re said in its own window keeps its Absagen, and so does the party that announced first', () => {
    const inTime = playFirstLegal(act(act(game(refused()), say(1, 'kontra')), say(0, 're')), 2);
    expect(codeOf(inTime, say(0, 'no90'))).toBeNull();
    const replied = act(lateRe(refused()), say(0, 're'));
    expect(codeOf(replied, say(1, 'no90'))).toBeNull();
  });
});
