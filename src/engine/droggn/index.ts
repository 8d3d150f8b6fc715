import { notYetImplemented } from '../core/placeholder.js';

// Placeholder until the droggn rules land; replaced by the real module.
export const droggn = notYetImplemented('droggn');
