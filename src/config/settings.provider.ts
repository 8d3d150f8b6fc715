/** Injection token of the validated Settings (src/config/env.ts). */
export const SETTINGS = Symbol('SETTINGS');
