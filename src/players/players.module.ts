import { Module } from '@nestjs/common';
import { NewPlayerLimit, WrongLinkCodeLimit } from '../common/rate-limit.js';
import { DevicesController } from './devices.controller.js';
import { PasskeysService } from './passkeys.service.js';
import { PlayerNameController } from './player-name.controller.js';
import { PlayersController } from './players.controller.js';
import { PlayersService } from './players.service.js';
import { SessionsService } from './sessions.service.js';

@Module({
  controllers: [PlayersController, DevicesController, PlayerNameController],
  providers: [PlayersService, SessionsService, PasskeysService, NewPlayerLimit, WrongLinkCodeLimit],
})
export class PlayersModule {}
