import { ApiProperty } from '@nestjs/swagger';
import { GAME_IDS, type GameId } from '../engine/index.js';
import { BOT_STRENGTHS, type BotStrength } from '../solvers/search/strategy.js';

class RatingDto {
  @ApiProperty({ enum: GAME_IDS, example: 'doppelkopf' }) game!: GameId;
  @ApiProperty({ example: 1536, description: 'the displayed rating: 1500 + 24 · (mu − 25), rounded (docs/ratings.md)' })
  rating!: number;
  @ApiProperty({ example: 26.5, description: "OpenSkill's mean skill (starts at 25)" }) mu!: number;
  @ApiProperty({ example: 7.9, description: "OpenSkill's uncertainty of mu (starts at 25/3)" }) sigma!: number;
  @ApiProperty({ example: 4, description: 'rated hands played' }) hands!: number;
  @ApiProperty({ example: true, description: 'sigma is still above 6: shown as "1536?" and left off the leaderboard' })
  provisional!: boolean;
}

export class PlayerRatingsDto {
  @ApiProperty({
    type: [RatingDto],
    description: "one per game the player has played at a rated table; a seated bot's are its strength's",
  })
  ratings!: RatingDto[];
}

class RatingPointDto {
  @ApiProperty({ example: 1512 }) rating!: number;
  @ApiProperty({ example: '2026-12-05T07:00:00.000Z', description: 'when the hand was booked' }) at!: string;
}

export class RatingCourseDto {
  @ApiProperty({ type: [RatingPointDto], description: 'the rating after each rated hand, oldest first: the latest 200' })
  points!: RatingPointDto[];
}

class LeaderDto {
  @ApiProperty({ example: '0b6f3f0e-2c1c-4a8e-9d0e-6a3d8b1f2c11' }) id!: string;
  @ApiProperty({ example: 'Resi' }) name!: string;
  @ApiProperty({ type: 'string', enum: BOT_STRENGTHS, nullable: true, description: "a bot strength's rating; null for a person" })
  bot!: BotStrength | null;
  @ApiProperty({ example: 1620 }) rating!: number;
  @ApiProperty({ example: 120 }) hands!: number;
}

export class LeaderboardDto {
  @ApiProperty({ type: [LeaderDto], description: 'the top 100 by rating; provisional ratings are left out' })
  players!: LeaderDto[];
}
