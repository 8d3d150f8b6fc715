import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  ApiAcceptedResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Auth, CurrentCaller, type Caller } from '../common/auth.js';
import { PrivateResponse } from '../common/private-response.js';
import { ProblemDto } from '../common/problem.dto.js';
import { ReviewsService, type HandReviewAnswer, type ReviewRunning } from './reviews.service.js';

const ACTION = { type: 'object', required: ['type'], properties: { type: { type: 'string' } }, additionalProperties: true };
const REVIEW_SCHEMA = {
  type: 'object',
  required: ['estimator', 'seats'],
  properties: {
    estimator: {
      type: 'string',
      description: 'the valuer and its version (a new one reviews the hand anew)',
      example: 'review-doppelkopf-v2-w48',
    },
    seats: {
      type: 'array',
      items: {
        type: 'object',
        required: ['seat', 'player', 'accuracy', 'decisions'],
        properties: {
          seat: { type: 'integer' },
          player: {
            type: 'object',
            nullable: true,
            required: ['id', 'name'],
            properties: { id: { type: 'string' }, name: { type: 'string' } },
            description: 'null for a seat of an imported record without seating',
          },
          accuracy: {
            type: 'number',
            nullable: true,
            description: "0–100 from the unforced decisions the seat's player made, not its substitute (docs/review.md); null without any",
          },
          decisions: {
            type: 'array',
            items: {
              type: 'object',
              required: ['seq', 'action', 'best', 'loss', 'label', 'forced', 'bySubstitute'],
              properties: {
                seq: { type: 'integer', description: "the action's event seq (the deal is 0)" },
                action: ACTION,
                best: { ...ACTION, description: 'the highest-valued candidate (the action itself when nothing was better)' },
                loss: { type: 'number', description: "value(best) − value(action) in the game's points for the seat, ≥ 0" },
                label: { type: 'string', nullable: true, enum: ['inaccuracy', 'mistake', 'blunder', null] },
                forced: { type: 'boolean', description: 'a single legal action: loss 0, no label' },
                bySubstitute: {
                  type: 'boolean',
                  description:
                    "played by the seat's substitute for its player (event `by: substitute`): valued, but not in the player's accuracy",
                },
              },
            },
          },
        },
      },
    },
  },
};

@ApiTags('hands')
@Controller()
export class ReviewsController {
  constructor(@Inject(ReviewsService) private readonly reviews: ReviewsService) {}

  @Get('hands/:id/review')
  @PrivateResponse()
  @Auth('auditor', 'player')
  @ApiOperation({
    summary: "A finished hand's review: every decision valued from its seat's information, labelled, and each seat's accuracy",
    description:
      "Readable by the hand's players and the auditor. Computed by the audit's workers (docs/review.md): 200 once stored; " +
      'while it is computed, 202 `{status: "running", progress}` (0–1, the share of seats done) with Retry-After: ask again.',
  })
  @ApiOkResponse({ schema: REVIEW_SCHEMA })
  @ApiAcceptedResponse({
    headers: { 'Retry-After': { description: 'seconds to wait before asking again', schema: { type: 'integer' } } },
    schema: {
      type: 'object',
      required: ['status', 'progress'],
      properties: { status: { type: 'string', enum: ['running'] }, progress: { type: 'number', minimum: 0, maximum: 1 } },
    },
  })
  @ApiForbiddenResponse({ type: ProblemDto, description: 'NOT_SEATED: a player who did not sit in the hand' })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'HAND_NOT_FOUND' })
  @ApiConflictResponse({ type: ProblemDto, description: 'HAND_NOT_FINISHED: the hand is in play (or void)' })
  @ApiUnprocessableEntityResponse({ type: ProblemDto, description: 'REVIEW_FAILED: computing it failed on every try' })
  async review(
    @Param('id') id: string,
    @CurrentCaller() caller: Caller,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<HandReviewAnswer | ReviewRunning> {
    const answer = await this.reviews.review(id, caller);
    if ('status' in answer) res.status(202).header('Retry-After', '2');
    return answer;
  }
}
