/** Rejection codes that only Dobbm has (the shared ones are core `Codes`). */
export const DobbmCodes = {
  /** A discarded sow needs a heart discarded with it (docs/rules/dobbm.md#discard). */
  SOW_DISCARD_NEEDS_TRUMP: 'SOW_DISCARD_NEEDS_TRUMP',
  /** Mußrunde forehand may not pass (docs/rules/dobbm.md#mussrunde). */
  MUST_DECLARE: 'MUST_DECLARE',
  /** An irregularity report in the default `irregularities: reject` mode (docs/rules/README.md#illegal-actions). */
  IRREGULARITY_NOT_ALLOWED: 'IRREGULARITY_NOT_ALLOWED',
  /** A report by, or naming, a seat that takes no part in the deal. */
  NOT_AN_ACTIVE_SEAT: 'NOT_AN_ACTIVE_SEAT',
} as const;
