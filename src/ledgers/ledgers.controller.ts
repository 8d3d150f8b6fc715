import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ProblemDto } from '../common/problem.dto.js';
import { LedgersService } from './ledgers.service.js';

class BalanceDto {
  @ApiProperty({ example: 0 }) seat!: number;
  @ApiProperty({ example: '0b6f…' }) playerId!: string;
  @ApiProperty({ example: 'Resi' }) name!: string;
  @ApiProperty({ example: 144, description: "sum of the seat's hand scores; exact (at most two decimals)" }) amount!: number;
}

class LedgerEntryDto {
  @ApiProperty() handId!: string;
  @ApiProperty({ example: 1 }) handNumber!: number;
  @ApiProperty({ example: 'finished', enum: ['finished', 'thrownIn'] }) status!: string;
  @ApiProperty({ type: 'string', nullable: true }) finishedAt!: string | null;
  @ApiProperty({ example: [-48, -48, 144, -48], type: [Number], description: "the hand's `result.scores`, zero-sum" }) scores!: number[];
}

class LedgerDto {
  @ApiProperty() tableId!: string;
  @ApiProperty({
    type: [BalanceDto],
    description:
      "one per seat, its holder's; a seat the host handed on to another player also lists its earlier holder's balance, after the holder's",
  })
  balances!: BalanceDto[];
  @ApiProperty({ type: [LedgerEntryDto] }) entries!: LedgerEntryDto[];
}

@ApiTags('ledgers')
@Controller('tables')
export class LedgersController {
  constructor(private readonly ledgers: LedgersService) {}

  @Get(':id/ledger')
  @ApiOperation({ summary: 'Balances per seat and the booked hands of a table (public)' })
  @ApiOkResponse({ type: LedgerDto })
  @ApiNotFoundResponse({ type: ProblemDto })
  ledger(@Param('id') id: string) {
    return this.ledgers.ledger(id);
  }
}
