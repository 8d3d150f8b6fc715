import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ProblemDto } from '../common/problem.dto.js';
import { CreatePlayerDto, PlayerCreatedDto } from './players.dto.js';
import { PlayersService } from './players.service.js';

@ApiTags('players')
@Controller('players')
export class PlayersController {
  constructor(private readonly players: PlayersService) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a player: a name and a bearer token (public)' })
  @ApiCreatedResponse({ type: PlayerCreatedDto, description: 'The player and its bearer token (shown only here)' })
  @ApiBadRequestResponse({ type: ProblemDto })
  create(@Body() body: CreatePlayerDto): Promise<PlayerCreatedDto> {
    return this.players.create(body.name);
  }
}
