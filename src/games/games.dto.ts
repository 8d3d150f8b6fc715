import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { GAME_IDS } from '../engine/index.js';

/** A value an option admits: string, number or boolean (OpenAPI 3.0 has no union type keyword). */
const OPTION_VALUE = { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] };
/** The same or null (3.0: `nullable` needs a `type` beside it, so it goes on one branch). */
const OPTION_VALUE_OR_NULL = { oneOf: [{ type: 'string' }, { type: 'number', nullable: true }, { type: 'boolean' }] };

class OptionDependencyDto {
  @ApiProperty({ example: 'piglets', description: 'the option this one depends on' }) option!: string;
  @ApiProperty({ ...OPTION_VALUE, example: true, description: 'the value under which this option has an effect' }) value!:
    string | number | boolean;
}

class RuleOptionDto {
  @ApiProperty({
    example: 'doubling.maxDoublings',
    description: 'dotted name without the game prefix, as `rules` in POST /tables takes it',
  })
  name!: string;
  @ApiProperty({ enum: ['enum', 'integer', 'boolean'] }) type!: 'enum' | 'integer' | 'boolean';
  @ApiProperty({ ...OPTION_VALUE_OR_NULL, example: null, description: 'the value when the option is omitted' }) default!:
    string | number | boolean | null;
  @ApiPropertyOptional({ type: 'array', items: OPTION_VALUE, example: ['ceil', 'exact'], description: 'enum: the admitted values' })
  values?: (string | number | boolean)[];
  @ApiPropertyOptional({ type: 'integer', example: 0, description: 'integer: the least value' }) minimum?: number;
  @ApiPropertyOptional({ type: 'integer', example: 64, description: 'integer: the greatest value (none: unbounded)' }) maximum?: number;
  @ApiProperty({ description: 'whether `null` is admitted (an integer option\'s "unlimited" or "open-ended")' }) nullable!: boolean;
  @ApiPropertyOptional({ type: OptionDependencyDto }) dependsOn?: OptionDependencyDto;
  @ApiPropertyOptional({
    ...OPTION_VALUE,
    example: 4,
    description: 'a house setting the service suggests where the default is open-ended (e.g. a cap on doublings); the form offers it',
  })
  recommended?: string | number | boolean;
  @ApiProperty({
    example: 'At most this many doublings per deal, as in Dobbm; null = unlimited.',
    description: 'what the option does, in one line',
  })
  description!: string;
}

class TurnClockDto {
  @ApiProperty({ enum: ['relaxed', 'normal', 'off'], example: 'normal' }) name!: string;
  @ApiProperty({ type: 'integer', nullable: true, example: 40, description: 'seconds per decision; null: no clock' }) seconds!:
    number | null;
}

export class GameDto {
  @ApiProperty({ enum: GAME_IDS }) id!: string;
  @ApiProperty({ example: 'Dobbm' }) name!: string;
  @ApiProperty({ type: [RuleOptionDto], description: "every rule option, in the engine's order" }) options!: RuleOptionDto[];
  @ApiProperty({
    type: [TurnClockDto],
    description:
      'the turn clock presets a table may take (POST /tables `clock`; the default is normal): when the seat to act runs out of time, its substitute decides',
  })
  turnClocks!: TurnClockDto[];
}
