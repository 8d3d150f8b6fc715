import { Module } from '@nestjs/common';
import { LedgersModule } from '../ledgers/ledgers.module.js';
import { HandDealer } from './dealing.js';
import { HandCache } from './hand-cache.js';
import { HandWatch } from './hand-watch.js';
import { HandsController } from './hands.controller.js';
import { HandsService } from './hands.service.js';
import { TableSession } from './table-session.js';

@Module({
  imports: [LedgersModule],
  controllers: [HandsController],
  providers: [HandsService, HandDealer, TableSession, HandCache, HandWatch],
  exports: [HandDealer, TableSession, HandsService, HandWatch],
})
export class HandsModule {}
