import { Module } from '@nestjs/common';
import { RatingsController } from './ratings.controller.js';

/** Ratings, read (the booking writes them: rating-booking.ts, called by the tables' hand end). */
@Module({ controllers: [RatingsController] })
export class RatingsModule {}
