import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiExtraModels,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiPropertyOptional,
  ApiTags,
  ApiUnprocessableEntityResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { Auth, CurrentCaller, type Caller } from '../common/auth.js';
import { PageQueryDto } from '../common/page.js';
import { PrivateResponse } from '../common/private-response.js';
import { NamedPlayerDto } from '../players/players.dto.js';
import { ProblemDto } from '../common/problem.dto.js';
import type { HandRecord } from '../engine/index.js';
import { HAND_RECORD } from './hand-record.schema.js';
import { HandRecordsService } from './hand-records.service.js';
import { HistoryService } from './history.service.js';
import { VerifyService } from './verify.service.js';

class ImportedDto {
  @ApiProperty() handId!: string;
  @ApiProperty({
    type: 'object',
    nullable: true,
    additionalProperties: true,
    description: "the hand's result (docs/contract.md#result), null for an unfinished hand",
  })
  result!: Record<string, unknown> | null;
}

class VerifyProblemDto {
  @ApiProperty({ example: 'HASH_MISMATCH' }) code!: string;
  @ApiPropertyOptional({ example: 3 }) seq?: number;
  @ApiProperty() detail!: string;
}

class VerifyDto {
  @ApiProperty() ok!: boolean;
  @ApiProperty() handId!: string;
  @ApiProperty({ description: 'events checked' }) events!: number;
  @ApiProperty({ type: [VerifyProblemDto] }) problems!: VerifyProblemDto[];
}

class HandSummaryDto {
  @ApiProperty() id!: string;
  @ApiProperty({ type: 'string', nullable: true }) tableId!: string | null;
  @ApiProperty({ type: 'string', nullable: true, description: 'when the table was opened (null for an imported record)' })
  tableOpenedAt!: string | null;
  @ApiProperty({
    type: 'array',
    items: { type: 'object', allOf: [{ $ref: getSchemaPath(NamedPlayerDto) }], nullable: true },
    description: 'who sat in each seat, by seat; null for a seat an imported record names no player of this service for',
  })
  players!: (NamedPlayerDto | null)[];
  @ApiProperty({ type: 'integer', nullable: true }) number!: number | null;
  @ApiProperty() game!: string;
  @ApiProperty() dealer!: number;
  @ApiProperty({ enum: ['active', 'finished', 'thrownIn', 'void'] }) status!: string;
  @ApiProperty() seq!: number;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true }) result!: Record<string, unknown> | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ type: 'string', nullable: true }) finishedAt!: string | null;
  @ApiProperty({ description: "an auditor's imported hand record, not a hand played at a table here" }) imported!: boolean;
}

class HandPageDto {
  @ApiProperty({ type: [HandSummaryDto] }) items!: HandSummaryDto[];
  @ApiProperty({ type: 'string', nullable: true }) nextCursor!: string | null;
}

// The tag and the class name stay as published: the OpenAPI document's tag and operationIds are built from them.
@ApiTags('audit')
@ApiExtraModels(NamedPlayerDto)
@Controller()
export class AuditController {
  constructor(
    private readonly records: HandRecordsService,
    private readonly verifier: VerifyService,
    private readonly history: HistoryService,
  ) {}

  @Post('hand-records')
  @HttpCode(201)
  @Auth('auditor')
  @ApiOperation({ summary: 'Import a hand record: every action is checked by the engine; nothing is stored unless all pass' })
  @ApiBody({ schema: HAND_RECORD.ref })
  @ApiCreatedResponse({ type: ImportedDto })
  @ApiOkResponse({
    type: ImportedDto,
    description: 'The record was stored before (the same content, or the export of a hand dealt here): its hand, not a second copy',
  })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'VALIDATION_FAILED, UNKNOWN_OPTION, BAD_DECK, BAD_ACTION (with actionIndex)' })
  @ApiUnprocessableEntityResponse({
    type: ProblemDto,
    description: "the engine's code and the top-level actionIndex of the first bad action",
  })
  async importRecord(@Body(HAND_RECORD.pipe) body: HandRecord, @Res({ passthrough: true }) reply: FastifyReply): Promise<ImportedDto> {
    const { existing, ...imported } = await this.records.importRecord(body);
    if (existing) reply.status(200);
    return imported as ImportedDto;
  }

  @Get('hands/:id/record')
  @PrivateResponse()
  @Auth('auditor', 'player')
  @ApiOperation({ summary: 'The hand as a hand record (auditor: any hand; its players: once it is over)' })
  @ApiOkResponse({ schema: { $ref: '#/components/schemas/HandRecord' } })
  @ApiNotFoundResponse({ type: ProblemDto })
  exportRecord(@Param('id') id: string, @CurrentCaller() caller: Caller) {
    return this.records.exportRecord(id, caller);
  }

  @Get('hands/:id/verify')
  @Auth('auditor')
  @ApiOperation({ summary: 'Replay the stored events with the engine; check the hash chain and the deck commitment' })
  @ApiOkResponse({ type: VerifyDto })
  @ApiNotFoundResponse({ type: ProblemDto })
  verify(@Param('id') id: string) {
    return this.verifier.verify(id);
  }

  @Get('tables/:id/hands')
  @ApiOperation({ summary: "A table's hands, newest first (public: results only, never cards)" })
  @ApiOkResponse({ type: HandPageDto })
  @ApiNotFoundResponse({ type: ProblemDto })
  tableHands(@Param('id') id: string, @Query() q: PageQueryDto) {
    return this.history.tableHands(id, q.limit ?? 20, q.cursor);
  }

  @Get('players/:id/hands')
  @ApiOperation({ summary: 'The hands a player sat in, newest first (public: results only, never cards)' })
  @ApiOkResponse({ type: HandPageDto })
  @ApiNotFoundResponse({ type: ProblemDto })
  playerHands(@Param('id') id: string, @Query() q: PageQueryDto) {
    return this.history.playerHands(id, q.limit ?? 20, q.cursor);
  }
}
