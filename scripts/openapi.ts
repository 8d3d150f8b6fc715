/**
 * `npm run openapi`: writes the app's OpenAPI document to openapi/openapi.json and the types
 * generated from it (openapi-typescript) to openapi/schema.d.ts, which the typed clients
 * (scripts/lib/api-client.ts, the web app) import. test/openapi.spec.ts fails when either
 * differs from what the running app describes: run this after changing a route or a DTO.
 * Run from the build (tsc keeps the decorators' type metadata the OpenAPI document is made of).
 */
import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { openApiFiles, OPENAPI_JSON, OPENAPI_TYPES } from './lib/openapi-files.js';

const files = await openApiFiles();
await writeFile(OPENAPI_JSON, files.json);
await writeFile(OPENAPI_TYPES, files.types);
console.log(`wrote ${OPENAPI_JSON} and ${OPENAPI_TYPES}`);
process.exit(0);
