import { Module } from '@nestjs/common';
import { NewPlayerLimit } from '../common/rate-limit.js';
import { HandsModule } from '../hands/hands.module.js';
import { PlayersController } from './players.controller.js';
import { PlayersService } from './players.service.js';

@Module({ imports: [HandsModule], controllers: [PlayersController], providers: [PlayersService, NewPlayerLimit] })
export class PlayersModule {}
