import { Module } from '@nestjs/common';
import { LedgerWriter } from './ledger-writer.js';
import { LedgersController } from './ledgers.controller.js';
import { LedgersService } from './ledgers.service.js';

@Module({ controllers: [LedgersController], providers: [LedgersService, LedgerWriter], exports: [LedgerWriter] })
export class LedgersModule {}
