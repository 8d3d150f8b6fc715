// ESM jest (NestJS 12 is ESM-only): run through `node --experimental-vm-modules`, the way Jest runs ES modules.
import { SWC_OPTIONS } from './test/support/swc-options.mjs';

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['@swc/jest', SWC_OPTIONS],
  },
  testTimeout: 60000,
  // e2e: one PostgreSQL for the run (DATABASE_URL, else the embedded one), see test/global-setup.mjs
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
};
