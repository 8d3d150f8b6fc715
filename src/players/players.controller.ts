import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, CurrentCaller, type Caller } from '../common/auth.js';
import { ProblemDto } from '../common/problem.dto.js';
import { CreatePlayerDto, PlayerCreatedDto, PlayerDto } from './players.dto.js';
import { PlayersService } from './players.service.js';

type PlayerCaller = Caller & { kind: 'player' };

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

  @Get('me')
  @Auth('player')
  @ApiOperation({ summary: 'The player the token belongs to' })
  @ApiOkResponse({ type: PlayerDto })
  me(@CurrentCaller() caller: Caller): PlayerDto {
    const me = caller as PlayerCaller;
    return { id: me.playerId, name: me.name };
  }

  @Post('me/token')
  @HttpCode(201)
  @Auth('player')
  @ApiOperation({ summary: 'Rotate the token: answers a new one (shown only here); the token sent stops working at once' })
  @ApiCreatedResponse({ type: PlayerCreatedDto })
  rotate(@CurrentCaller() caller: Caller): Promise<PlayerCreatedDto> {
    return this.players.rotateToken(caller as PlayerCaller);
  }
}
