import { Module } from '@nestjs/common';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import { HandsModule } from '../hands/hands.module.js';
import { TablesModule } from '../tables/tables.module.js';
import { BotRunner } from './bot-runner.js';
import { DecisionPool } from './decision-pool.js';
import { Substitutes } from './substitutes.js';

@Module({
  imports: [HandsModule, TablesModule],
  providers: [
    BotRunner,
    Substitutes,
    {
      provide: DecisionPool,
      useFactory: (settings: Settings) =>
        new DecisionPool(settings.botWorkers, undefined, settings.botPriority === 'normal' ? 'caller' : 'lowest'),
      inject: [SETTINGS],
    },
  ],
})
export class BotsModule {}
