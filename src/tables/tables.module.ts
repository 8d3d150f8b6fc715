import { Module } from '@nestjs/common';
import { HandsModule } from '../hands/hands.module.js';
import { HandEndModule } from './hand-end.module.js';
import { TableHousekeeping } from './housekeeping.js';
import { LobbyFeed, LobbyFeedController } from './lobby-feed.js';
import { TableSession } from './table-session.js';
import { TablesController } from './tables.controller.js';
import { TablesService } from './tables.service.js';

/** Tables, their seats and their session: it books each hand's end and deals the next (table-session.ts). */
@Module({
  imports: [HandsModule, HandEndModule],
  controllers: [TablesController, LobbyFeedController],
  providers: [TablesService, TableSession, TableHousekeeping, LobbyFeed],
  exports: [TableSession, LobbyFeed],
})
export class TablesModule {}
