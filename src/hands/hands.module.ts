import { Module } from '@nestjs/common';
import { HandCache } from './hand-cache.js';
import { HandSockets } from './hand-socket.js';
import { HandStreamController } from './hand-stream.controller.js';
import { HandStreams } from './hand-stream.js';
import { HandWatch } from './hand-watch.js';
import { HandsController } from './hands.controller.js';
import { HandsService } from './hands.service.js';

@Module({
  controllers: [HandsController, HandStreamController],
  providers: [HandsService, HandCache, HandWatch, HandStreams, HandSockets],
  exports: [HandsService, HandWatch, HandSockets],
})
export class HandsModule {}
