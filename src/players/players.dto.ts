import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, Length, Matches } from 'class-validator';

/**
 * A name other players see: NFC-normalised and trimmed, then only letters, marks, digits,
 * punctuation, symbols and plain spaces — no control, format (bidi overrides, zero-width) or
 * line-separator characters that could disguise it.
 */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]+$/u;

export class CreatePlayerDto {
  @ApiProperty({ example: 'Resi', minLength: 1, maxLength: 64, description: 'printable; NFC-normalised and trimmed' })
  @Transform(({ value }) => (typeof value === 'string' ? value.normalize('NFC').trim() : value))
  @IsString()
  @Length(1, 64)
  @Matches(PRINTABLE, {
    message: 'name must be printable: letters, digits, punctuation, symbols and spaces (no control or bidi characters)',
  })
  name!: string;
}

export class PlayerDto {
  @ApiProperty({ example: '0b6f3f0e-2c1c-4a8e-9d0e-6a3d8b1f2c11' })
  id!: string;
  @ApiProperty({ example: 'Resi' })
  name!: string;
}

export class PlayerCreatedDto extends PlayerDto {
  @ApiProperty({ example: 'q3lV6m…', description: 'bearer token; shown once, stored only as a SHA-256 hash' })
  token!: string;
}
