import { Module } from '@nestjs/common';
import { CollusionController } from './collusion.controller.js';
import { CollusionService } from './collusion.service.js';
import { ReviewsController } from '../reviews/reviews.controller.js';
import { ReviewsService } from '../reviews/reviews.service.js';

/**
 * The doubling-collusion audit (docs/audit.md): `GET /audit/collusion`, `GET /hands/{id}/audit`;
 * and the hand reviews on the audit's queue and workers (docs/review.md): `GET /hands/{id}/review`.
 */
@Module({ controllers: [CollusionController, ReviewsController], providers: [CollusionService, ReviewsService] })
export class CollusionModule {}
