import { ApiProperty } from '@nestjs/swagger';
import { requestBody } from '../common/request-body.js';

/**
 * A name other players see: NFC-normalised and trimmed, then only letters, marks, digits,
 * punctuation, symbols and plain spaces — no control, format (bidi overrides, zero-width) or
 * line-separator characters that could disguise it.
 */
const PRINTABLE = '^[\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}\\p{Zs}]+$';

export interface CreatePlayerBody {
  name: string;
}

/** The body of POST /players. The name is normalised before it is judged, so that what is judged is what is stored. */
export const CREATE_PLAYER = requestBody<CreatePlayerBody>(
  'CreatePlayerDto',
  {
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: {
      name: {
        type: 'string',
        minLength: 1,
        maxLength: 64,
        pattern: PRINTABLE,
        example: 'Resi',
        description:
          'printable: letters, digits, punctuation, symbols and spaces (no control or bidi characters); NFC-normalised and trimmed',
      },
    },
  },
  (raw) => {
    const name = (raw as { name?: unknown }).name;
    return typeof name === 'string' ? { ...(raw as object), name: name.normalize('NFC').trim() } : raw;
  },
);

export class PlayerDto {
  @ApiProperty({ example: '0b6f3f0e-2c1c-4a8e-9d0e-6a3d8b1f2c11' })
  id!: string;
  @ApiProperty({ example: 'Resi' })
  name!: string;
}

/** A player as others see it: a bot's strength beside its name, so that a page can say it in its reader's words. */
export class NamedPlayerDto extends PlayerDto {
  @ApiProperty({
    type: 'string',
    nullable: true,
    example: 'strong',
    description: "a bot's strength (strong | heuristic | random); null for a person",
  })
  bot!: string | null;
}

export class PlayerCreatedDto extends PlayerDto {
  @ApiProperty({ example: 'q3lV6m…', description: 'bearer token; shown once, stored only as a SHA-256 hash' })
  token!: string;
}
