import { register } from 'node:module';

/** `node --import ./test/support/swc-register.mjs src/main.ts`: the service from its sources, as jest compiles them (swc-hooks.mjs). */
register('./swc-hooks.mjs', import.meta.url);
