import { Controller, Get, Param } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { isUuid } from '../common/ids.js';
import { ProblemDto } from '../common/problem.dto.js';
import { ApiError } from '../common/problems.js';
import { DatabaseService } from '../database/database.service.js';
import { GAME_IDS, type GameId } from '../engine/index.js';
import { playerExists } from '../players/player-store.js';
import type { BotStrength } from '../solvers/search/strategy.js';
import { LeaderboardCache } from './leaderboard-cache.js';
import { ratingCourse, ratingsOf } from './rating-store.js';
import { LeaderboardDto, PlayerRatingsDto, RatingCourseDto } from './ratings.dto.js';

/** How many players the leaderboard lists, and how many points the profile's chart gets. */
const BOARD_SIZE = 100;
const COURSE_POINTS = 200;
/** How long a read leaderboard answers before it is read again (docs/ratings.md#api). */
const BOARD_FRESH_MS = 1000;

/** Ratings are public, as names at the tables are (docs/ratings.md). */
@ApiTags('ratings')
@Controller()
export class RatingsController {
  private readonly boards = new LeaderboardCache(BOARD_FRESH_MS);

  constructor(private readonly db: DatabaseService) {}

  @Get('players/:id/ratings')
  @ApiOperation({ summary: "A player's rating in each game played at a rated table (public)" })
  @ApiOkResponse({ type: PlayerRatingsDto })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'PLAYER_NOT_FOUND' })
  async ofPlayer(@Param('id') id: string): Promise<PlayerRatingsDto> {
    await this.known(id);
    return { ratings: (await ratingsOf(this.db.pool, id)).map((r) => ({ ...r, game: r.game as GameId })) };
  }

  @Get('players/:id/ratings/:game/course')
  @ApiOperation({ summary: "A player's rating after each rated hand of a game, for the profile's chart (public)" })
  @ApiParam({ name: 'game', enum: GAME_IDS })
  @ApiOkResponse({ type: RatingCourseDto })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'PLAYER_NOT_FOUND' })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'VALIDATION_FAILED: an unknown game' })
  async course(@Param('id') id: string, @Param('game') game: string): Promise<RatingCourseDto> {
    const g = gameOf(game);
    await this.known(id);
    const points = await ratingCourse(this.db.pool, id, g, COURSE_POINTS);
    return { points: points.reverse().map((p) => ({ rating: p.rating, at: p.at.toISOString() })) };
  }

  @Get('ratings/:game')
  @ApiOperation({ summary: 'The leaderboard of a game: the top 100 settled ratings (public)' })
  @ApiParam({ name: 'game', enum: GAME_IDS })
  @ApiOkResponse({ type: LeaderboardDto })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'VALIDATION_FAILED: an unknown game' })
  async board(@Param('game') game: string): Promise<LeaderboardDto> {
    const rows = await this.boards.read(this.db.pool, gameOf(game), BOARD_SIZE);
    return { players: rows.map((r) => ({ ...r, bot: r.bot as BotStrength | null })) };
  }

  private async known(id: string): Promise<void> {
    if (!isUuid(id) || !(await playerExists(this.db.pool, id))) throw ApiError.of('PLAYER_NOT_FOUND', `no player ${id}`);
  }
}

function gameOf(game: string): GameId {
  if (!(GAME_IDS as readonly string[]).includes(game))
    throw ApiError.of('VALIDATION_FAILED', `no game ${game}: one of ${GAME_IDS.join(', ')}`);
  return game as GameId;
}
