export * from './types.js';
export * from './rejections.js';
export * from './shuffle.js';
export * from './rng.js';
export * from './seats.js';
export * from './cards.js';
export * from './options.js';
export * from './redact.js';
