import { notYetImplemented } from '../core/placeholder.js';

// Placeholder until the doppelkopf rules land; replaced by the real module.
export const doppelkopf = notYetImplemented('doppelkopf');
