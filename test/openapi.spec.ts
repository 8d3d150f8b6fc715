import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { openApiFiles, OPENAPI_JSON, OPENAPI_TYPES } from '../scripts/lib/openapi-files.js';

/**
 * The committed OpenAPI document and the types generated from it are what the app describes
 * now: a route or DTO changed without `npm run openapi` fails here.
 */
describe('openapi/ (npm run openapi)', () => {
  it('openapi.json and schema.d.ts equal what the app generates', async () => {
    const now = await openApiFiles();
    expect(readFileSync(OPENAPI_JSON, 'utf8')).toEqual(now.json);
    expect(readFileSync(OPENAPI_TYPES, 'utf8')).toEqual(now.types);
  });
});
