import { Module } from '@nestjs/common';
import { HandsModule } from '../hands/hands.module.js';
import { PlayersController } from './players.controller.js';
import { PlayersService } from './players.service.js';

@Module({ imports: [HandsModule], controllers: [PlayersController], providers: [PlayersService] })
export class PlayersModule {}
