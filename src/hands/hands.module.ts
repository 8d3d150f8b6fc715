import { Module } from '@nestjs/common';
import { HandCache } from './hand-cache.js';
import { HandWatch } from './hand-watch.js';
import { HandsController } from './hands.controller.js';
import { HandsService } from './hands.service.js';

@Module({
  controllers: [HandsController],
  providers: [HandsService, HandCache, HandWatch],
  exports: [HandsService, HandWatch],
})
export class HandsModule {}
