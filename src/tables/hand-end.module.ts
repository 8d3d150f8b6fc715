import { Global, Module } from '@nestjs/common';
import { HAND_END } from '../hands/hand-end.js';
import { LedgerWriter } from '../ledgers/ledger-store.js';
import { TableBooking } from './table-booking.js';

/**
 * The tables' part of a hand's end, provided to the hands module's command handler (HAND_END).
 * Global, and imported by the tables module: the hands module, below the tables, gets it without
 * importing them.
 */
@Global()
@Module({
  providers: [LedgerWriter, TableBooking, { provide: HAND_END, useExisting: TableBooking }],
  exports: [HAND_END],
})
export class HandEndModule {}
