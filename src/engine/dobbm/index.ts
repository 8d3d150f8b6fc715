import { notYetImplemented } from '../core/placeholder.js';

// Placeholder until the dobbm rules land; replaced by the real module.
export const dobbm = notYetImplemented('dobbm');
