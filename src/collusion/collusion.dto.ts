import { ApiProperty } from '@nestjs/swagger';

/** The columns of a pair's test, alike in both audits (pairs/subset-sum.ts): score, its null, p, q, tier. */
class PairTestDto {
  @ApiProperty() score!: number;
  @ApiProperty({ description: 'the mean of the score under the permutation null' }) expected!: number;
  @ApiProperty({ description: 'the standard deviation of the score under the permutation null' }) sd!: number;
  @ApiProperty() z!: number;
  @ApiProperty() p!: number;
  @ApiProperty({ enum: ['normal', 'monte-carlo', 'exact', 'untested'] }) method!: 'normal' | 'monte-carlo' | 'exact' | 'untested';
  @ApiProperty() q!: number;
  @ApiProperty({ enum: ['strong', 'review'], nullable: true, type: 'string' }) tier!: 'strong' | 'review' | null;
  @ApiProperty({ description: 'both directions reach the review tier' }) mutual!: boolean;
}

/**
 * One ranked (declarer, defender) pair of the collusion report, as the API answers it: the
 * columns of pairs/pairs.ts `PairRow`, each always present (docs/audit.md explains them). The
 * web app takes its type from the OpenAPI document, not from the audit's code.
 */
export class CollusionPairDto extends PairTestDto {
  @ApiProperty() declarer!: string;
  @ApiProperty() defender!: string;
  @ApiProperty({ type: 'integer', description: 'hands both sat in (any roles)' }) handsTogether!: number;
  @ApiProperty({ type: 'integer', description: 'hands in which the declarer declared and the defender defended: the units of the test' })
  handsAsPair!: number;
  @ApiProperty({ type: 'integer' }) calls!: number;
  @ApiProperty({ type: 'integer' }) doubles!: number;
  @ApiProperty({ description: "the defender's share of doubling calls with this declarer" }) doubleRate!: number;
  @ApiProperty({ description: "the defender's share of doubling calls with everybody else" }) doubleRateOthers!: number;
  @ApiProperty({ description: 'expected cost to the defender of his calls with this declarer (currency units)' })
  expectedCostToDefender!: number;
  @ApiProperty({ description: "money the defender's doubles added to this declarer's settlements" }) valueToDeclarer!: number;
}

/**
 * One ranked ordered pair of the card-sharing audit (X plays as if he saw Y's cards), as the API
 * answers it: the columns of sharing/pairs.ts `SharingPairRow` (docs/audit-card-sharing.md).
 */
export class SharingPairDto extends PairTestDto {
  @ApiProperty({ description: 'the player who may have seen the other’s cards (X)' }) seer!: string;
  @ApiProperty({ description: 'the player whose cards he may have seen (Y)' }) seen!: string;
  @ApiProperty({ type: 'integer', description: 'hands both sat in: the units of the test' }) hands!: number;
  @ApiProperty({
    type: 'integer',
    description: 'decisions of the seer where the best with the seen player’s hand known differed from his own best',
  })
  moments!: number;
  @ApiProperty({ type: 'integer', description: 'of those, how often he took the informed best' }) informed!: number;
  @ApiProperty({ description: 'the seer’s share of informed choices with this player' }) rate!: number;
  @ApiProperty({ description: 'the seer’s share of informed choices with everybody else' }) rateOthers!: number;
}
