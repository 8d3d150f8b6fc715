import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { isUuid } from '../common/ids.js';
import { ProblemDto } from '../common/problem.dto.js';
import { ApiError } from '../common/problems.js';
import { DatabaseService } from '../database/database.service.js';
import { PlayerDto } from './players.dto.js';

/**
 * A player's name by id, as every table's seats already show it: the audit names the players of
 * imported hand records, who sat at no table here, and the history pages name whoever they list.
 */
@ApiTags('players')
@Controller('players')
export class PlayerNameController {
  constructor(private readonly db: DatabaseService) {}

  @Get(':id')
  @ApiOperation({ summary: "A player's name (public, as at the tables: never a token)" })
  @ApiOkResponse({ type: PlayerDto })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'PLAYER_NOT_FOUND' })
  async byId(@Param('id') id: string): Promise<PlayerDto> {
    if (!isUuid(id)) throw ApiError.of('PLAYER_NOT_FOUND', `no player ${id}`);
    const { rows } = await this.db.pool.query<PlayerDto>({
      name: 'player-name',
      text: 'SELECT id, name FROM players WHERE id = $1',
      values: [id],
    });
    if (!rows[0]) throw ApiError.of('PLAYER_NOT_FOUND', `no player ${id}`);
    return { id: rows[0].id, name: rows[0].name };
  }
}
