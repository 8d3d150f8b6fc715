import { Module } from '@nestjs/common';
import { HandsModule } from '../hands/hands.module.js';
import { AuditController } from './records.controller.js';
import { HandRecordsService } from './hand-records.service.js';
import { HistoryService } from './history.service.js';
import { VerifyService } from './verify.service.js';

@Module({ imports: [HandsModule], controllers: [AuditController], providers: [HandRecordsService, VerifyService, HistoryService] })
export class RecordsModule {}
