import type { Action } from './types.js';

/** A field of an action by name, as the specs read listed actions of any type (test support). */
export const fieldOf = (action: Action, name: string): unknown => action[name];
