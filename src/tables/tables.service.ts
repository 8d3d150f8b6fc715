import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { gameFor, type GameId } from '../engine/index.js';
import { nestedRules } from '../common/rules-profile.js';
import type { Caller } from '../common/auth.js';
import { isUuid } from '../common/ids.js';
import { ApiError, fromRejection } from '../common/problems.js';
import { DatabaseService, onCommit, type Tx } from '../database/database.service.js';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import { botPlayerId, createBot } from '../players/player-store.js';
import { HandWatch } from '../hands/hand-watch.js';
import { SeatPresence } from '../hands/presence.js';
import { TableSession } from './table-session.js';
import type { TurnClock } from '../config/turn-clocks.js';
import { turnSecondsOf } from './turn-clock.js';
import { HandCommands } from '../hands/hand-commands.js';
import { decimalToNumber } from '../ledgers/money.js';
import {
  addSeat,
  currentSetup,
  insertTable,
  lockForRematch,
  seatBalances,
  seatsWithBots,
  setRematch,
  type Queryable,
  type RematchSource,
  botInSeat,
  createTable,
  currentHandOf,
  findTable,
  hostedOpenTables,
  isSeated,
  listTables,
  lockForSeats,
  lockHandSeats,
  offerSeat,
  passSeat,
  removeSeat,
  seatHolder,
  seatsBots,
  seatsPerson,
  takenSeats,
  type HandSeats,
  type SeatLock,
  type TableRecord,
} from './table-store.js';
import type { BotStrength } from '../solvers/search/strategy.js';
import { decodeCursor, encodeCursor } from '../common/page.js';
import type {
  BotSeatedDto,
  ListTablesQueryDto,
  ReadyDto,
  RematchDto,
  SeatTakenDto,
  StandingDto,
  TableDto,
  TablePageDto,
} from './tables.dto.js';

type Player = Caller & { kind: 'player' };

const DEFAULT_PAGE = 20;

@Injectable()
export class TablesService {
  constructor(
    private readonly db: DatabaseService,
    private readonly session: TableSession,
    private readonly presence: SeatPresence,
    private readonly watch: HandWatch,
    private readonly commands: HandCommands,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** The rule profile is the engine's to judge: unknown option or value → 400 with its code. */
  async create(
    host: Player,
    gameId: GameId,
    rules: Record<string, unknown> | undefined,
    how: { clock?: TurnClock; turnSeconds?: number; rated?: boolean } = {},
  ): Promise<TableDto> {
    const game = gameFor(gameId);
    const parsed = game.parseOptions(rules ?? {});
    if (!parsed.ok) throw fromRejection(parsed.rejection);
    const turnSeconds = turnSecondsOf(how, this.settings.defaultTurnClock);
    const options = parsed.options as Record<string, unknown>;
    const cap = this.settings.openTablesPerPlayer;
    if (cap > 0 && (await hostedOpenTables(this.db.pool, host.playerId, this.waitingMinutes)).open >= cap) {
      throw ApiError.of('TOO_MANY_TABLES', `you host ${cap} tables in play or waiting for players; end one, or wait until it is over`);
    }
    const id = randomUUID();
    await createTable(this.db, {
      id,
      game: gameId,
      options,
      seatCount: game.seatCount(options),
      hostPlayerId: host.playerId,
      turnSeconds,
      rated: how.rated ?? true,
    });
    return this.get(id);
  }

  async get(id: string): Promise<TableDto> {
    if (!isUuid(id)) throw ApiError.of('TABLE_NOT_FOUND', `no table ${id}`);
    const table = await findTable(this.db, id);
    if (!table) throw ApiError.of('TABLE_NOT_FOUND', `no table ${id}`);
    const [present, handsLeft, standings] = await Promise.all([
      this.presence.playersAt([id]),
      this.handsLeft(table),
      table.status === 'ended' ? finalStandings(this.db.pool, id) : null,
    ]);
    return { ...toDto(table, present.get(id) ?? [], handsLeft), standings };
  }

  /** Once the end is asked for, the hands still to play (the engine counts them), else null; one more read only then. */
  private async handsLeft(table: TableRecord): Promise<number | null> {
    if (table.status !== 'playing' || table.session === null) return null;
    const rules = gameFor(table.game as GameId).session;
    const options = table.options as Record<string, unknown>;
    // Most tables are not winding down: asked as if a hand were under way, the engine says so without the hand's setup.
    if (rules.handsLeft(options, table.session, { dealer: 0 }) === null) return null;
    return rules.handsLeft(options, table.session, await currentSetup(this.db.pool, table.id));
  }

  /**
   * "Next" after a hand's result (docs/contract.md#next-hand): the seated player has read it.
   * The table's hand waits, before its first move, until the pause is over or every person seated
   * has said so. Asked again, or once the hand no longer waits, it changes nothing.
   */
  async ready(tableId: string, player: Player): Promise<ReadyDto> {
    if (!isUuid(tableId)) throw ApiError.of('TABLE_NOT_FOUND', `no table ${tableId}`);
    const table = await findTable(this.db, tableId);
    if (!table) throw ApiError.of('TABLE_NOT_FOUND', `no table ${tableId}`);
    if (!table.seats.some((s) => s.playerId === player.playerId)) throw ApiError.of('NOT_SEATED', 'only a seated player says "next"');
    if (table.status !== 'playing' || !table.currentHandId) throw ApiError.of('TABLE_NOT_PLAYING', `the table is ${table.status}`);
    const bots = table.seats.filter((s) => s.player.bot !== null).map((s) => s.seat);
    const hold = await this.commands.markReady(table.currentHandId, player, bots);
    return { handId: table.currentHandId, heldUntil: hold.heldUntil?.toISOString() ?? null, ready: hold.ready };
  }

  /**
   * `POST /tables/{id}/rematch`: a player seated at the ended table opens a new one with the same
   * game, rules, clock and bots — the first caller becomes its host — and every later caller from
   * that table gets the same one; each is seated there, in his old seat while it is free. The
   * people's seats are left open for them (first come, first seated); the last one taken deals.
   */
  async rematch(tableId: string, player: Player): Promise<RematchDto> {
    if (!isUuid(tableId)) throw ApiError.of('TABLE_NOT_FOUND', `no table ${tableId}`);
    const { id, seat } = await this.db.transaction(async (tx) => {
      const old = await lockForRematch(tx, tableId);
      if (!old) throw ApiError.of('TABLE_NOT_FOUND', `no table ${tableId}`);
      const seats = await seatsWithBots(tx, tableId);
      const mine = seats.find((s) => s.player_id === player.playerId);
      if (!mine) throw ApiError.of('NOT_SEATED', 'only a player seated at the table may ask for its rematch');
      if (old.status !== 'ended') throw ApiError.of('TABLE_NOT_ENDED', 'a rematch is opened once the table has ended');
      const id = old.rematch_table_id ?? (await this.openRematch(tx, tableId, old, seats, player));
      const held = (await seatsWithBots(tx, id)).find((s) => s.player_id === player.playerId);
      if (held) return { id, seat: held.seat };
      const taken = await takenSeats(tx, id);
      const { seat } = await this.seat(tx, id, player.playerId, taken.includes(mine.seat) ? undefined : mine.seat);
      return { id, seat };
    });
    return { table: await this.get(id), seat };
  }

  /** The new table of a rematch, its bots seated as before (each a bot of its own at the new table); the caller hosts it. */
  private async openRematch(
    tx: Tx,
    tableId: string,
    old: RematchSource,
    seats: { seat: number; bot: BotStrength | null }[],
    host: Player,
  ): Promise<string> {
    const cap = this.settings.openTablesPerPlayer;
    if (cap > 0 && (await hostedOpenTables(tx, host.playerId, this.waitingMinutes)).open >= cap) {
      throw ApiError.of('TOO_MANY_TABLES', `you host ${cap} tables in play or waiting for players; end one, or wait until it is over`);
    }
    const id = randomUUID();
    await insertTable(tx, {
      id,
      game: old.game,
      options: old.options,
      seatCount: old.seat_count,
      hostPlayerId: host.playerId,
      turnSeconds: old.turn_seconds,
      rated: old.rated,
    });
    await setRematch(tx, tableId, id);
    for (const { seat, bot } of seats) {
      if (bot === null) continue;
      const botId = botPlayerId(id, seat, bot);
      await createBot(tx, { id: botId, name: `Bot ${seat + 1} (${bot})`, strength: bot });
      await addSeat(tx, id, seat, botId);
    }
    return id;
  }

  /** The hand a table's socket starts with: the current one (the last, once the session has ended). */
  async currentHand(id: string): Promise<string> {
    if (!isUuid(id)) throw ApiError.of('TABLE_NOT_FOUND', `no table ${id}`);
    const table = await findTable(this.db, id);
    if (!table) throw ApiError.of('TABLE_NOT_FOUND', `no table ${id}`);
    if (!table.currentHandId) throw ApiError.of('TABLE_NOT_PLAYING', 'the first hand is dealt once every seat is taken');
    return table.currentHandId;
  }

  /** Newest first, keyset-paginated on (createdAt, id); without a status the waiting and playing ones. */
  async list(query: ListTablesQueryDto): Promise<TablePageDto> {
    const limit = query.limit ?? DEFAULT_PAGE;
    const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
    const rows = await listTables(this.db, {
      ...(query.game ? { game: query.game } : {}),
      statuses: query.status ? [query.status] : ['waiting', 'playing'],
      after,
      take: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const present = await this.presence.playersAt(page.filter((t) => t.status === 'playing').map((t) => t.id));
    return {
      items: page.map((t) => toDto(t, present.get(t.id) ?? [])),
      nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt.toISOString(), last.id) : null,
    };
  }

  /**
   * Takes a seat; the seat that completes the table starts the session and deals the first hand.
   * At a table in play, a seat its host offers passes to the taker from the next hand on.
   */
  takeSeat(tableId: string, player: Player, wanted: number | undefined): Promise<SeatTakenDto> {
    if (!isUuid(tableId)) throw ApiError.of('TABLE_NOT_FOUND', `no table ${tableId}`);
    return this.withSeatsLocked(tableId, async (tx, table, hand) => {
      if (table.status !== 'playing' || wanted === undefined) return this.seat(tx, tableId, player.playerId, wanted);
      if (await isSeated(tx, tableId, player.playerId)) throw ApiError.of('ALREADY_SEATED', 'a player holds at most one seat at a table');
      const holder = await this.awaySeat(tx, tableId, table, hand, wanted);
      // An offer holds while its player stays away: one made before the player came back (and went again) has lapsed.
      const since = hand?.awaySince[wanted] ?? null;
      if (!holder.offeredAt || !since || holder.offeredAt < since) {
        throw ApiError.of('SEAT_NOT_OFFERED', `seat ${wanted} is not offered; its player may still come back`);
      }
      await passSeat(tx, tableId, wanted, player.playerId);
      return { seat: wanted };
    });
  }

  /**
   * Runs `work` on the table row and its current hand's seats, both locked — the hand first, as
   * on the action path (a hand's end locks its table), so the two never deadlock. The current
   * hand may change between its peek and the table's lock (a hand ended and the next was dealt):
   * then the transaction is tried again. Whatever `work` changed of the seats (an offer made,
   * withdrawn or taken) shows in the hand's views, so once it commits the hand's readers on every
   * instance are told, as of a change of its seats.
   */
  private async withSeatsLocked<T>(
    tableId: string,
    work: (tx: Tx, table: SeatLock, hand: HandSeats | undefined) => Promise<T>,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const done = await this.db.transaction(async (tx) => {
        const peek = await currentHandOf(tx, tableId);
        if (!peek) throw ApiError.of('TABLE_NOT_FOUND', `no table ${tableId}`);
        const handId = peek.currentHandId;
        const hand = handId ? await lockHandSeats(tx, { tableId, handId }) : undefined;
        const table = await lockForSeats(tx, tableId);
        if ((await currentHandOf(tx, tableId))?.currentHandId !== handId) return null;
        const value = await work(tx, table, hand);
        if (handId && hand?.status === 'active')
          onCommit(tx, () => this.watch.seatsChanged({ handId, seq: hand.seq, status: hand.status }));
        return { value };
      });
      if (done) return done.value;
      if (attempt >= 4) throw new Error(`table ${tableId}: the current hand kept changing while its seats were locked`);
    }
  }

  /**
   * The host offers the seat of a player who is away to whoever takes it (POST seats), or takes
   * the offer back. The hand under way goes on with the away player's substitute; the taker plays
   * from the next hand, and the ledger books each hand to the player who was dealt it.
   */
  offerSeat(tableId: string, host: Player, seat: number, offered: boolean): Promise<TableDto> {
    if (!isUuid(tableId)) throw ApiError.of('TABLE_NOT_FOUND', `no table ${tableId}`);
    return this.withSeatsLocked(tableId, async (tx, table, hand) => {
      if (table.host_player_id !== host.playerId) throw ApiError.of('NOT_HOST', "only the table's host may offer a seat");
      if (offered) await this.awaySeat(tx, tableId, table, hand, seat);
      await offerSeat(tx, tableId, seat, offered);
    }).then(() => this.get(tableId));
  }

  /**
   * The seat's holder, who must be the person the hand under way was dealt to and away in it
   * (SEAT_NOT_AWAY otherwise): a holder who took the seat over plays from the next hand and has
   * never been away. `hand` is locked by the caller, so neither can change before it commits.
   */
  private async awaySeat(tx: Tx, tableId: string, table: SeatLock, hand: HandSeats | undefined, seat: number) {
    if (table.status !== 'playing') throw ApiError.of('TABLE_NOT_PLAYING', 'seats are handed on only while the table plays');
    if (seat >= table.seat_count) throw ApiError.of('VALIDATION_FAILED', `seat must be between 0 and ${table.seat_count - 1}`);
    const holder = await seatHolder(tx, tableId, seat);
    if (!holder || holder.bot || !hand || hand.seating[seat] !== holder.playerId || !hand.away.includes(seat)) {
      throw ApiError.of('SEAT_NOT_AWAY', `seat ${seat} is not held by a player who is away`);
    }
    return holder;
  }

  /** Gives the seat back while nothing is dealt; once the first hand is, seats are for the session. */
  async leaveSeat(tableId: string, player: Player): Promise<void> {
    if (!isUuid(tableId)) throw ApiError.of('TABLE_NOT_FOUND', `no table ${tableId}`);
    await this.db.transaction(async (tx) => {
      const table = await lockForSeats(tx, tableId);
      if (!(await isSeated(tx, tableId, player.playerId))) throw ApiError.of('NOT_SEATED');
      await freeSeatBeforeDeal(tx, tableId, table, player.playerId);
    });
  }

  /** The host takes a bot out of its seat again, before the first deal (the bot's identity stays, unseated). */
  async removeBot(tableId: string, host: Player, seat: number): Promise<void> {
    if (!isUuid(tableId)) throw ApiError.of('TABLE_NOT_FOUND', `no table ${tableId}`);
    await this.db.transaction(async (tx) => {
      const table = await lockForSeats(tx, tableId);
      if (table.host_player_id !== host.playerId) throw ApiError.of('NOT_HOST', "only the table's host may unseat bots");
      const bot = await botInSeat(tx, tableId, seat);
      if (!bot) throw ApiError.of('NO_BOT_IN_SEAT', `no bot holds seat ${seat}`);
      await freeSeatBeforeDeal(tx, tableId, table, bot);
    });
  }

  /**
   * The host seats a bot: a player identity of its own (marked with its strength, its token
   * drawn and forgotten), one per table, seat and strength, so seating it again reuses it;
   * seated like a person — and like a person's, its seat may be the one that completes the
   * table and deals the first hand.
   */
  seatBot(tableId: string, host: Player, wanted: number | undefined, strength: BotStrength): Promise<BotSeatedDto> {
    if (!isUuid(tableId)) throw ApiError.of('TABLE_NOT_FOUND', `no table ${tableId}`);
    return this.withSeatsLocked(tableId, async (tx, table, hand) => {
      if (table.host_player_id !== host.playerId) throw ApiError.of('NOT_HOST', "only the table's host may seat bots");
      await this.checkBotTables(tx, tableId, host);
      // At a table in play: the seat of a player who is away, from the next hand on.
      const handOn = table.status === 'playing' && wanted !== undefined;
      if (handOn) await this.awaySeat(tx, tableId, table, hand, wanted);
      const seat = handOn ? wanted : await freeSeat(tx, tableId, table, wanted);
      const botId = botPlayerId(tableId, seat, strength);
      const name = `Bot ${seat + 1} (${strength})`;
      await createBot(tx, { id: botId, name, strength });
      if (handOn) {
        await passSeat(tx, tableId, seat, botId);
        return { seat, playerId: botId, name, bot: strength };
      }
      const taken = await this.seat(tx, tableId, botId, seat);
      return { ...taken, playerId: botId, name, bot: strength };
    });
  }

  /** How long a waiting table counts against its host: until the housekeeping may end it (never, when it is off). */
  private get waitingMinutes(): number {
    return this.settings.abandonedTableMinutes || 1_000_000;
  }

  /** A table without a person plays on its own: a host keeps at most BOT_TABLES_PER_PLAYER of them going. */
  private async checkBotTables(tx: Tx, tableId: string, host: Player): Promise<void> {
    const cap = this.settings.botTablesPerPlayer;
    if (cap === 0 || (await seatsPerson(tx, tableId))) return;
    const { botOnly } = await hostedOpenTables(tx, host.playerId, this.waitingMinutes);
    // This table counts once a bot sits at it; seating another at it adds none.
    const here = (await seatsBots(tx, tableId)) ? 1 : 0;
    if (botOnly - here >= cap) {
      throw ApiError.of('TOO_MANY_TABLES', `${cap} of your tables are played by bots alone; end one, or take a seat here yourself`);
    }
  }

  private async seat(tx: Tx, tableId: string, playerId: string, wanted: number | undefined): Promise<SeatTakenDto> {
    const table = await lockForSeats(tx, tableId);
    if (await isSeated(tx, tableId, playerId)) throw ApiError.of('ALREADY_SEATED', 'a player holds at most one seat at a table');
    const seat = await freeSeat(tx, tableId, table, wanted);
    if ((await addSeat(tx, tableId, seat, playerId)) < table.seat_count) return { seat };
    const currentHandId = await this.session.start(tx, tableId);
    return currentHandId ? { seat, currentHandId } : { seat };
  }
}

async function freeSeatBeforeDeal(tx: Tx, tableId: string, table: SeatLock, playerId: string): Promise<void> {
  if (table.status !== 'waiting') throw ApiError.of('SEATS_FIXED', 'the first hand has been dealt: the seats are kept for the session');
  await removeSeat(tx, tableId, playerId);
}

/** The wanted seat if it is free, else the lowest free one; the table is locked by the caller. */
async function freeSeat(tx: Tx, tableId: string, table: SeatLock, wanted: number | undefined): Promise<number> {
  const seated = await takenSeats(tx, tableId);
  if (table.status !== 'waiting' || seated.length === table.seat_count) throw ApiError.of('TABLE_FULL');
  if (wanted !== undefined && wanted >= table.seat_count)
    throw ApiError.of('VALIDATION_FAILED', `seat must be between 0 and ${table.seat_count - 1}`);
  const taken = new Set(seated);
  if (wanted !== undefined && taken.has(wanted)) throw ApiError.of('SEAT_TAKEN', `seat ${wanted} is taken`);
  return wanted ?? [...Array(table.seat_count).keys()].find((s) => !taken.has(s))!;
}

/**
 * The players' totals at an ended table, highest first (ties by name): every player who played
 * a hand there, as its ledger booked them (a seat handed on lists both its players).
 */
async function finalStandings(q: Queryable, tableId: string): Promise<StandingDto[]> {
  const rows = await seatBalances(q, tableId);
  const totals = rows.map((r) => ({ seat: r.seat, playerId: r.player_id, name: r.name, total: decimalToNumber(r.amount) }));
  totals.sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
  return totals.map((t, i) => ({ ...t, rank: i > 0 && totals[i - 1]!.total === t.total ? rankOf(totals, i) : i + 1 }));
}

/** Equal totals share the rank of the first of them. */
function rankOf(totals: readonly { total: number }[], i: number): number {
  let first = i;
  while (first > 0 && totals[first - 1]!.total === totals[i]!.total) first--;
  return first + 1;
}

/** `present`: the players connected at the table (presence.ts); `handsLeft` once the end is asked for. */
function toDto(table: TableRecord, present: readonly string[], handsLeft: number | null = null): TableDto {
  const bySeat = new Map(table.seats.map((s) => [s.seat, s]));
  return {
    id: table.id,
    game: table.game,
    rules: nestedRules(table.game as GameId, table.options as Record<string, unknown>),
    seatCount: table.seatCount,
    seats: Array.from({ length: table.seatCount }, (_, seat) => {
      const s = bySeat.get(seat);
      const playerId = s?.playerId ?? null;
      const bot = (s?.player.bot as BotStrength | undefined) ?? null;
      return {
        seat,
        playerId,
        name: s?.player.name ?? null,
        bot,
        present: playerId !== null && present.includes(playerId),
        offered: s?.offeredAt != null,
        fromHand: s?.fromHand ?? null,
        previousPlayerId: s?.previousPlayerId ?? null,
      };
    }),
    freeSeats: table.seatCount - table.seats.length,
    dealer: table.dealer,
    currentHandId: table.currentHandId,
    status: table.status,
    hostPlayerId: table.hostPlayerId,
    handCount: table.handCount,
    createdAt: table.createdAt.toISOString(),
    endReason: (table.endReason as TableDto['endReason']) ?? null,
    turnSeconds: table.turnSeconds,
    rated: table.rated,
    handsLeft,
    standings: null,
    rematchTableId: table.rematchTableId,
  };
}
