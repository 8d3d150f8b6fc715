import { Module } from '@nestjs/common';
import { NewPlayerLimit } from '../common/rate-limit.js';
import { HandsModule } from '../hands/hands.module.js';
import { PlayerNameController } from './player-name.controller.js';
import { PlayersController } from './players.controller.js';
import { PlayersService } from './players.service.js';

@Module({ imports: [HandsModule], controllers: [PlayersController, PlayerNameController], providers: [PlayersService, NewPlayerLimit] })
export class PlayersModule {}
