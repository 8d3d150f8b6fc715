import { Controller, Get, Headers, Inject, Param, Query, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiUnprocessableEntityResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPropertyOptional,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, IsUUID, Min } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { Auth } from '../common/auth.js';
import { ProblemDto } from '../common/problem.dto.js';
import type { CollusionJob } from './audit-job-store.js';
import { preferredWait } from '../hands/conditional.js';
import { MAX_WAIT_SECONDS } from '../hands/hand-watch.js';
import { CollusionPairDto, SharingPairDto } from './collusion.dto.js';
import { AUDIT_KINDS, type AuditKind } from './audit-kinds.js';
import { CollusionService, type HandAudit } from './collusion.service.js';
import { AUDIT_GAMES } from './evidence-of.js';

class AuditKindQueryDto {
  @ApiPropertyOptional({
    enum: AUDIT_KINDS,
    default: 'doubling',
    description:
      'doubling: calls that follow a partner’s strength (docs/audit.md); card-sharing: play as if another player’s cards were seen (docs/audit-card-sharing.md)',
  })
  @IsOptional()
  @IsIn(AUDIT_KINDS)
  kind?: AuditKind;
}

class CollusionQueryDto extends AuditKindQueryDto {
  @ApiPropertyOptional({
    enum: AUDIT_GAMES,
    default: 'dobbm',
    description: 'Dobbm and Droggn (their Schwacher and Retour), Doppelkopf (its announcements where one plays alone against three)',
  })
  @IsOptional()
  @IsIn(AUDIT_GAMES)
  game?: string;

  @ApiPropertyOptional({ description: 'only hands of this table' })
  @IsOptional()
  @IsUUID()
  table?: string;

  @ApiPropertyOptional({ description: 'only pairs with this player (as declarer or defender, seer or seen); judged against all hands' })
  @IsOptional()
  @IsString()
  player?: string;

  @ApiPropertyOptional({ description: 'hands created at or after (ISO 8601)' })
  @IsOptional()
  @IsISO8601({ strict: true, strictSeparator: true })
  from?: string;

  @ApiPropertyOptional({ description: 'hands created before (ISO 8601)' })
  @IsOptional()
  @IsISO8601({ strict: true, strictSeparator: true })
  to?: string;

  @ApiPropertyOptional({
    description: 'minimum hands as (declarer, defender) — card sharing: hands together — for a pair to be tested',
    default: 1,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  minHands?: number;
}

/** How long `GET /hands/{id}/audit` waits for a worker by default: a hand's evidence takes well under a second once fetched. */
const DEFAULT_HAND_AUDIT_WAIT_SECONDS = 10;

const JOB_SCHEMA = {
  type: 'object',
  properties: {
    jobId: { type: 'string' },
    status: { type: 'string', enum: ['running', 'done', 'failed'] },
    done: { type: 'integer' },
    total: { type: 'integer' },
    startedAt: { type: 'string' },
    finishedAt: { type: 'string', nullable: true },
    error: { type: 'string', nullable: true },
    filters: { type: 'object', additionalProperties: true },
    unevaluated: {
      type: 'array',
      description:
        'hands of the selection that could not be evaluated, each with its reason; the job goes on without them (their pairs are judged on the other hands)',
      items: {
        type: 'object',
        required: ['handId', 'code', 'detail'],
        properties: {
          handId: { type: 'string', format: 'uuid' },
          code: {
            type: 'string',
            description: 'HAND_NOT_REPLAYABLE: the engine refuses the stored log; EVIDENCE_FAILED: an error while computing the evidence',
            example: 'HAND_NOT_REPLAYABLE',
          },
          detail: { type: 'string' },
          actionIndex: { type: 'integer', description: 'HAND_NOT_REPLAYABLE: the first refused action (absent: the rules or the deal)' },
        },
      },
    },
    pairs: {
      type: 'array',
      nullable: true,
      description:
        'ranked by p; the doubling audit’s (declarer, defender) pairs (docs/audit.md) or, with kind card-sharing, ordered (seer, seen) pairs (docs/audit-card-sharing.md)',
      items: { oneOf: [{ $ref: getSchemaPath(CollusionPairDto) }, { $ref: getSchemaPath(SharingPairDto) }] },
    },
  },
};

@ApiTags('audit')
@ApiExtraModels(CollusionPairDto, SharingPairDto)
@Controller()
export class CollusionController {
  constructor(@Inject(CollusionService) private readonly collusion: CollusionService) {}

  @Get('audit/collusion')
  @Auth('auditor')
  @ApiOperation({
    summary: 'Ranked pairs of the collusion audit: doubling (declarer, defender) or card sharing (seer, seen)',
    description:
      'Computed as a job from the evidence the workers store per hand: 200 with the table when it is ready, else 202 with progress; poll this URL or the job. ' +
      'An unknown kind or game is 400 VALIDATION_FAILED.',
  })
  @ApiBadRequestResponse({ type: ProblemDto })
  @ApiOkResponse({ schema: JOB_SCHEMA })
  @ApiAcceptedResponse({ schema: JOB_SCHEMA })
  async list(@Query() q: CollusionQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<CollusionJob> {
    const job = await this.collusion.collusion({
      game: q.game ?? 'dobbm',
      // The doubling's filters stay as they always were (no kind), so its running and finished jobs keep their keys.
      ...(q.kind === 'card-sharing' ? { kind: q.kind } : {}),
      tableId: q.table,
      playerId: q.player,
      from: q.from,
      to: q.to,
      minHands: q.minHands,
    });
    res.status(job.status === 'running' ? 202 : 200);
    return job;
  }

  @Get('audit/collusion/jobs/:id')
  @Auth('auditor')
  @ApiOperation({ summary: 'A collusion audit job: progress, and the ranked pairs once done' })
  @ApiOkResponse({ schema: JOB_SCHEMA })
  @ApiNotFoundResponse({ type: ProblemDto })
  job(@Param('id') id: string): Promise<CollusionJob> {
    return this.collusion.job(id);
  }

  @Get('hands/:id/audit')
  @Auth('auditor')
  @ApiOperation({
    summary:
      "A hand's audit evidence: every doubling call (caller's estimate, true result, cost, value moved), or with kind card-sharing every moment (docs/audit-card-sharing.md)",
    description:
      "200 with the evidence stored by the audit's workers. A finished hand without it has its evidence queued ahead of the audits' hands, " +
      `and the answer waits for it up to \`Prefer: wait=N\` seconds (default ${DEFAULT_HAND_AUDIT_WAIT_SECONDS}, at most ${MAX_WAIT_SECONDS}); ` +
      'if it is not stored by then, or the hand is still in play, 202 `{handId, status: "pending", finished}` with Retry-After: ask again.',
  })
  @ApiOkResponse({ schema: { type: 'object', additionalProperties: true } })
  @ApiAcceptedResponse({
    description:
      'The evidence is not stored yet: queued for a worker (`finished: true`), or computed once the hand is over (`finished: false`)',
    headers: { 'Retry-After': { description: 'seconds to wait before asking again', schema: { type: 'integer' } } },
    schema: {
      type: 'object',
      required: ['handId', 'status', 'finished'],
      properties: {
        handId: { type: 'string', format: 'uuid' },
        status: { type: 'string', enum: ['pending'] },
        finished: { type: 'boolean', description: 'false: the hand is in play' },
      },
    },
  })
  @ApiNotFoundResponse({ type: ProblemDto })
  @ApiUnprocessableEntityResponse({
    type: ProblemDto,
    description:
      "HAND_NOT_REPLAYABLE: the engine refuses the hand's stored log (`actionIndex`, `rejection`), so it cannot be evaluated; " +
      'EVIDENCE_FAILED: computing its evidence failed on every try',
  })
  @ApiBadRequestResponse({ type: ProblemDto })
  async hand(
    @Param('id') id: string,
    @Query() q: AuditKindQueryDto,
    @Headers('prefer') prefer: string | undefined,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<HandAudit> {
    const wait = prefer && /(^|,)\s*wait\s*=/i.test(prefer) ? preferredWait(prefer) : DEFAULT_HAND_AUDIT_WAIT_SECONDS;
    const audit = await this.collusion.handAudit(id, wait, q.kind);
    if ('status' in audit) res.status(202).header('Retry-After', audit.finished ? '1' : '30');
    return audit;
  }
}
