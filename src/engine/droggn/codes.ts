/** Droggn's own rejection codes (shared ones come from core `Codes`). */
export const DroggnCodes = {
  /** A laid-out Pagat may be played only as its owner's only legal card. */
  PAGAT_LAID_OUT: 'PAGAT_LAID_OUT',
  /** A laid-out Gstieß is kept for trick 21 (docs/rules/droggn.md#decision-11). */
  GSTIESS_LAID_OUT: 'GSTIESS_LAID_OUT',
  /** `gstiess.lastTrickIllegal`: the holder must play the Gstieß to trick 20. */
  GSTIESS_MUST_BE_PLAYED: 'GSTIESS_MUST_BE_PLAYED',
  /** GS, T21 and T1 may never be discarded (docs/rules/droggn.md#exchange). */
  DISCARD_FORBIDDEN_CARD: 'DISCARD_FORBIDDEN_CARD',
  /** King rule of the discard (docs/rules/droggn.md#exchange, `discard.kingCover`). */
  KING_DISCARD_NEEDS_TRUMP: 'KING_DISCARD_NEEDS_TRUMP',
  /** The bought card must be held by a defender (docs/rules/droggn.md#exchange, docs/rules/droggn.md#decision-13). */
  BUY_OWN_CARD: 'BUY_OWN_CARD',
  UNKNOWN_CARD: 'UNKNOWN_CARD',
  /** Laying out only T1, or GS in Super Mord by the declarer (docs/rules/droggn.md#layout). */
  LAYOUT_NOT_ALLOWED: 'LAYOUT_NOT_ALLOWED',
  /** `irregularity` is accepted only with `irregularities: penalize` (docs/rules/droggn.md#irregularities). */
  IRREGULARITY_NOT_ENABLED: 'IRREGULARITY_NOT_ENABLED',
  BAD_OFFENDER: 'BAD_OFFENDER',
} as const;
