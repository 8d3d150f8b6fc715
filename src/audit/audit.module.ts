import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller.js';
import { HandRecordsService } from './hand-records.service.js';
import { HistoryService } from './history.service.js';
import { VerifyService } from './verify.service.js';

@Module({ controllers: [AuditController], providers: [HandRecordsService, VerifyService, HistoryService] })
export class AuditModule {}
