import { Module } from '@nestjs/common';
import { HandsModule } from '../hands/hands.module.js';
import { TablesController } from './tables.controller.js';
import { TablesService } from './tables.service.js';

@Module({ imports: [HandsModule], controllers: [TablesController], providers: [TablesService] })
export class TablesModule {}
