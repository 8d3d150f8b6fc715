import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Auth, CurrentCaller, type Caller } from '../common/auth.js';
import { ProblemDto } from '../common/problem.dto.js';
import { NewPlayerLimit } from '../common/rate-limit.js';
import { CREATE_PLAYER, PlayerCreatedDto, PlayerDto, type CreatePlayerBody } from './players.dto.js';
import { PlayersService } from './players.service.js';

type PlayerCaller = Caller & { kind: 'player' };

@ApiTags('players')
@Controller('players')
export class PlayersController {
  constructor(
    private readonly players: PlayersService,
    private readonly newPlayers: NewPlayerLimit,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a player: a name and a bearer token (public)' })
  @ApiBody({ schema: CREATE_PLAYER.ref })
  @ApiCreatedResponse({ type: PlayerCreatedDto, description: 'The player and its bearer token (shown only here)' })
  @ApiBadRequestResponse({ type: ProblemDto })
  @ApiResponse({
    status: 429,
    type: ProblemDto,
    description: 'TOO_MANY_PLAYERS: this address created `PLAYERS_PER_ADDRESS_PER_HOUR` players within the hour (Retry-After)',
  })
  async create(
    @Body(CREATE_PLAYER.pipe) body: CreatePlayerBody,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PlayerCreatedDto> {
    await this.newPlayers.hit(req, reply);
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
