import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

export class CreatePlayerDto {
  @ApiProperty({ example: 'Resi', minLength: 1, maxLength: 64 })
  @IsString()
  @Length(1, 64)
  name!: string;
}

export class PlayerCreatedDto {
  @ApiProperty({ example: '0b6f3f0e-2c1c-4a8e-9d0e-6a3d8b1f2c11' })
  id!: string;
  @ApiProperty({ example: 'Resi' })
  name!: string;
  @ApiProperty({ example: 'q3lV6m…', description: 'bearer token; shown once, stored only as a SHA-256 hash' })
  token!: string;
}
