import { Module } from '@nestjs/common';
import { HandsModule } from '../hands/hands.module.js';
import { BotRunner } from './bot-runner.js';

@Module({ imports: [HandsModule], providers: [BotRunner] })
export class BotsModule {}
