import { Module } from '@nestjs/common';
import { HandCache } from './hand-cache.js';
import { HandCommands } from './hand-commands.js';
import { HandSockets } from './hand-socket.js';
import { HandStreamController } from './hand-stream.controller.js';
import { HandStreams } from './hand-stream.js';
import { HandWatch } from './hand-watch.js';
import { HandsController } from './hands.controller.js';
import { HandsService } from './hands.service.js';
import { SeatPresence } from './presence.js';

@Module({
  controllers: [HandsController, HandStreamController],
  providers: [HandsService, HandCommands, HandCache, HandWatch, HandStreams, HandSockets, SeatPresence],
  exports: [HandsService, HandCommands, HandWatch, HandSockets, HandStreams, SeatPresence],
})
export class HandsModule {}
