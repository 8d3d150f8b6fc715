import { Module } from '@nestjs/common';
import { NewPlayerLimit } from '../common/rate-limit.js';
import { PlayerNameController } from './player-name.controller.js';
import { PlayersController } from './players.controller.js';
import { PlayersService } from './players.service.js';

@Module({ controllers: [PlayersController, PlayerNameController], providers: [PlayersService, NewPlayerLimit] })
export class PlayersModule {}
