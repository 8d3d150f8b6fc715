import { Module } from '@nestjs/common';
import { HandsModule } from '../hands/hands.module.js';
import { TablesModule } from '../tables/tables.module.js';
import { BotRunner } from './bot-runner.js';

@Module({ imports: [HandsModule, TablesModule], providers: [BotRunner] })
export class BotsModule {}
