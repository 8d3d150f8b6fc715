import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { isUuid } from '../common/ids.js';
import { ProblemDto } from '../common/problem.dto.js';
import { ApiError } from '../common/problems.js';
import { DatabaseService } from '../database/database.service.js';
import { playerName } from './player-store.js';
import { NamedPlayerDto } from './players.dto.js';

/**
 * A player's name by id, as every table's seats already show it: the audit names the players of
 * imported hand records, who sat at no table here, and the lobby names a host not yet seated.
 */
@ApiTags('players')
@Controller('players')
export class PlayerNameController {
  constructor(private readonly db: DatabaseService) {}

  @Get(':id')
  @ApiOperation({ summary: "A player's name and a bot's strength (public, as at the tables: never a token)" })
  @ApiOkResponse({ type: NamedPlayerDto })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'PLAYER_NOT_FOUND' })
  async byId(@Param('id') id: string): Promise<NamedPlayerDto> {
    if (!isUuid(id)) throw ApiError.of('PLAYER_NOT_FOUND', `no player ${id}`);
    const player = await playerName(this.db.pool, id);
    if (!player) throw ApiError.of('PLAYER_NOT_FOUND', `no player ${id}`);
    return { id: player.id, name: player.name, bot: player.bot };
  }
}
