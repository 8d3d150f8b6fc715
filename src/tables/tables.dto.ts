import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsObject, IsOptional, Min } from 'class-validator';

export class CreateTableDto {
  @ApiProperty({ enum: ['dobbm', 'droggn', 'doppelkopf'], example: 'dobbm' })
  @IsIn(['dobbm', 'droggn', 'doppelkopf'])
  game!: 'dobbm' | 'droggn' | 'doppelkopf';

  @ApiPropertyOptional({
    description: 'rule options of RULES.md without the game prefix, nested or flat dotted; omitted ones take their defaults',
    example: { players: 5, stake: 12, rounding: 'ceil', doubling: { firstSpeaker: 'dealerLeft' } },
    type: 'object',
    additionalProperties: true,
  })
  @IsOptional()
  @IsObject()
  rules?: Record<string, unknown>;
}

export class TakeSeatDto {
  @ApiPropertyOptional({ example: 2, description: 'omit for the next free seat' })
  @IsOptional()
  @IsInt()
  @Min(0)
  seat?: number;
}

export class SeatDto {
  @ApiProperty({ example: 0 }) seat!: number;
  @ApiProperty({ example: '0b6f…', nullable: true }) playerId!: string | null;
  @ApiProperty({ example: 'Resi', nullable: true }) name!: string | null;
}

export class TableDto {
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'dobbm' }) game!: string;
  @ApiProperty({
    description: 'the complete rule profile, nested',
    example: { players: 4, stake: 12, rounding: 'ceil', doubling: { firstSpeaker: 'declarerLeft', maxDoublings: null } },
    type: 'object',
    additionalProperties: true,
  })
  rules!: Record<string, unknown>;
  @ApiProperty({ type: [SeatDto] }) seats!: SeatDto[];
  @ApiProperty({ example: 2, nullable: true }) dealer!: number | null;
  @ApiProperty({ nullable: true }) currentHandId!: string | null;
  @ApiProperty({ enum: ['waiting', 'playing', 'ended'] }) status!: string;
  @ApiProperty({ description: 'the player who created the table (the host of RULES.md §1.12)' }) hostPlayerId!: string;
  @ApiProperty({ example: 3 }) handCount!: number;
}

export class SeatTakenDto {
  @ApiProperty({ example: 2 }) seat!: number;
  @ApiPropertyOptional({ description: 'set when this seat completed the table and the first hand was dealt' }) currentHandId?: string;
}

export class SessionEndDto {
  @ApiProperty({ enum: ['playing', 'ended'] }) status!: string;
  @ApiProperty({ nullable: true }) currentHandId!: string | null;
}
