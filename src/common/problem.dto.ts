import { ApiProperty } from '@nestjs/swagger';

/** RFC 9457 problem details, as every 4xx/5xx is rendered. */
export class ProblemDto {
  @ApiProperty({ example: 'https://kartentisch.dev/problems/stale-seq' })
  type!: string;
  @ApiProperty({ example: 'The expected sequence number is not the latest one' })
  title!: string;
  @ApiProperty({ example: 409 })
  status!: number;
  @ApiProperty({ example: 'expected seq 3, the hand is at seq 4' })
  detail!: string;
  @ApiProperty({
    example: 'STALE_SEQ',
    description: 'stable upper-case code; engine rejections keep the engine code (MUST_FOLLOW_SUIT, NOT_YOUR_TURN, …)',
  })
  code!: string;
  @ApiProperty({ required: false, example: 4, description: 'hand records only: index of the first bad action' })
  actionIndex?: number;
}
