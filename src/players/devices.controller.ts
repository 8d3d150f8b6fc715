import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Auth, CurrentCaller, type Caller } from '../common/auth.js';
import { isUuid } from '../common/ids.js';
import { ProblemDto } from '../common/problem.dto.js';
import { ApiError } from '../common/problems.js';
import {
  ADD_PASSKEY,
  LINK,
  LinkCodeDto,
  PASSKEY_OPTIONS_SCHEMA,
  PASSKEY_SIGN_IN,
  PasskeyAddedDto,
  PasskeysDto,
  SessionsDto,
  type LinkBody,
  type PasskeyAnswerBody,
} from './devices.dto.js';
import { PasskeysService } from './passkeys.service.js';
import { PlayerCreatedDto } from './players.dto.js';
import { SessionsService } from './sessions.service.js';

type PlayerCaller = Caller & { kind: 'player' };
/** A credential id as passkeys are stored (base64url): other text names none, and a NUL never reaches PostgreSQL. */
const CREDENTIAL_ID = /^[A-Za-z0-9_-]{1,1400}$/;
const asPlayer = (caller: Caller): PlayerCaller => caller as PlayerCaller;

/** One player on several devices: link codes, passkeys (added, listed, removed), and the sessions (one per device's token). */
@ApiTags('players')
@Controller('players')
export class DevicesController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly passkeys: PasskeysService,
  ) {}

  @Post('me/link-codes')
  @HttpCode(201)
  @Auth('player')
  @ApiOperation({
    summary: 'A one-time code for signing another device in as this player',
    description: 'Works once, for ten minutes; a new code replaces the last one. `POST /players/link` takes it.',
  })
  @ApiCreatedResponse({ type: LinkCodeDto })
  linkCode(@CurrentCaller() caller: Caller): Promise<LinkCodeDto> {
    return this.sessions.issueLinkCode(asPlayer(caller));
  }

  @Post('link')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Sign this device in with a link code (public): the same player, a token of its own',
    description: "The player's other devices keep their tokens. The code is used up.",
  })
  @ApiBody({ schema: LINK.ref })
  @ApiCreatedResponse({ type: PlayerCreatedDto, description: 'The player and this device’s new bearer token (shown only here)' })
  @ApiBadRequestResponse({ type: ProblemDto })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'LINK_CODE_INVALID: unknown, used or expired' })
  @ApiResponse({
    status: 429,
    type: ProblemDto,
    description:
      'TOO_MANY_WRONG_CODES: this address sent `WRONG_LINK_CODES_PER_ADDRESS_PER_HOUR` wrong codes within the hour (Retry-After)',
  })
  link(
    @Body(LINK.pipe) body: LinkBody,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PlayerCreatedDto> {
    return this.sessions.link(body.code, req, reply);
  }

  @Get('me/sessions')
  @Auth('player')
  @ApiOperation({ summary: "The player's sessions: one per device's token; `current` is the one asking" })
  @ApiOkResponse({ type: SessionsDto })
  list(@CurrentCaller() caller: Caller): Promise<SessionsDto> {
    return this.sessions.list(asPlayer(caller));
  }

  @Delete('me/sessions/:id')
  @HttpCode(204)
  @Auth('player')
  @ApiOperation({
    summary: 'Sign a device out',
    description:
      "Its token answers 401 from then on, on every instance, and its sockets and streams close (1008). The current session's too.",
  })
  @ApiNoContentResponse({ description: 'Signed out' })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'SESSION_NOT_FOUND' })
  async end(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<void> {
    if (!isUuid(id)) throw ApiError.of('SESSION_NOT_FOUND', `this player has no session ${id}`);
    await this.sessions.end(asPlayer(caller), id);
  }

  @Post('me/passkeys/options')
  @HttpCode(200)
  @Auth('player')
  @ApiOperation({ summary: 'Options for adding a passkey (for navigator.credentials.create)' })
  @ApiOkResponse({ schema: PASSKEY_OPTIONS_SCHEMA })
  registrationOptions(@CurrentCaller() caller: Caller, @Req() req: FastifyRequest): Promise<object> {
    return this.passkeys.registrationOptions(asPlayer(caller), req);
  }

  @Post('me/passkeys')
  @HttpCode(201)
  @Auth('player')
  @ApiOperation({ summary: 'Add a passkey: the browser’s answer to the options' })
  @ApiBody({ schema: ADD_PASSKEY.ref })
  @ApiCreatedResponse({ type: PasskeyAddedDto })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'VALIDATION_FAILED, PASSKEY_INVALID' })
  addPasskey(
    @CurrentCaller() caller: Caller,
    @Body(ADD_PASSKEY.pipe) body: PasskeyAnswerBody,
    @Req() req: FastifyRequest,
  ): Promise<PasskeyAddedDto> {
    return this.passkeys.add(asPlayer(caller), body.response as unknown as RegistrationResponseJSON, req);
  }

  @Get('me/passkeys')
  @Auth('player')
  @ApiOperation({ summary: "The player's passkeys: when each was added and last signed a device in" })
  @ApiOkResponse({ type: PasskeysDto })
  listPasskeys(@CurrentCaller() caller: Caller): Promise<PasskeysDto> {
    return this.passkeys.list(asPlayer(caller));
  }

  @Delete('me/passkeys/:id')
  @HttpCode(204)
  @Auth('player')
  @ApiOperation({
    summary: 'Remove a passkey',
    description: 'From then on it signs no device in (400 PASSKEY_INVALID). The devices it signed in stay signed in.',
  })
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'PASSKEY_NOT_FOUND' })
  async removePasskey(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<void> {
    if (!CREDENTIAL_ID.test(id)) throw ApiError.of('PASSKEY_NOT_FOUND', `this player has no passkey ${id}`);
    await this.passkeys.remove(asPlayer(caller), id);
  }

  @Post('passkey-sign-in/options')
  @HttpCode(200)
  @ApiOperation({ summary: 'Options for signing in with a passkey (public; for navigator.credentials.get)' })
  @ApiOkResponse({ schema: PASSKEY_OPTIONS_SCHEMA })
  authenticationOptions(@Req() req: FastifyRequest): Promise<object> {
    return this.passkeys.authenticationOptions(req);
  }

  @Post('passkey-sign-in')
  @HttpCode(201)
  @ApiOperation({ summary: 'Sign this device in with a passkey (public): its player, a token of its own' })
  @ApiBody({ schema: PASSKEY_SIGN_IN.ref })
  @ApiCreatedResponse({ type: PlayerCreatedDto, description: 'The player and this device’s new bearer token (shown only here)' })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'VALIDATION_FAILED, PASSKEY_INVALID' })
  signIn(@Body(PASSKEY_SIGN_IN.pipe) body: PasskeyAnswerBody, @Req() req: FastifyRequest): Promise<PlayerCreatedDto> {
    return this.passkeys.signIn(body.response as unknown as AuthenticationResponseJSON, req);
  }
}
