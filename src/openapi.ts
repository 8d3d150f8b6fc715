import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { GAME_IDS } from './engine/index.js';
import { ProblemCodes } from './common/problems.js';
import { requestBodySchemas } from './common/request-body.js';
import { viewSchemas } from './hands/view-schemas.js';

/** Swagger UI at /docs, the OpenAPI 3 document at /docs-json (docs/contract.md#process). */
export function setupOpenApi(app: INestApplication): void {
  SwaggerModule.setup('docs', app, openApiDocument(app), { jsonDocumentUrl: 'docs-json' });
}

/**
 * The document as the running app describes itself; `npm run openapi` writes it to
 * openapi/openapi.json (test/openapi.spec.ts fails when the two drift apart), and
 * `npm run lint:openapi` holds it to Redocly's recommended rules.
 */
export function openApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('kartentisch')
    .setDescription(
      'Card tables for Dobbm, Droggn and Doppelkopf. Every action is checked by the rules engine and appended to a ' +
        'hash-chained event log. Errors are application/problem+json with a stable `code`: ' +
        Object.keys(ProblemCodes).join(', ') +
        ", and the engine's own codes (NOT_YOUR_TURN, MUST_FOLLOW_SUIT, …) with 422.",
    )
    .setVersion('1')
    // Relative: the document is served by the service it describes (`npm start`: http://localhost:3000).
    .addServer('/', 'this service')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'a player token from POST /players, or AUDIT_TOKEN' })
    .build();
  const document = SwaggerModule.createDocument(app, config);
  // A private package (package.json): UNLICENSED in npm's sense, no licence is granted.
  document.info.license = { name: 'UNLICENSED', url: 'https://docs.npmjs.com/cli/v11/configuring-npm/package-json#license' };
  document.components ??= {};
  document.components.schemas ??= {};
  for (const [name, schema] of requestBodySchemas()) document.components.schemas[name] = schema as never;
  // A view is the common fields and its game's own (tricks, bids, doublings …): one of three by `game`.
  const views = { dobbm: 'DobbmHandView', droggn: 'DroggnHandView', doppelkopf: 'DoppelkopfHandView' } as const;
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const mapping: Record<string, string> = {};
  for (const game of GAME_IDS) {
    document.components.schemas[views[game]] = { allOf: [ref('HandViewDto'), viewSchemas[game]] };
    mapping[game] = ref(views[game]).$ref;
  }
  document.components.schemas.HandView = { oneOf: Object.values(views).map(ref), discriminator: { propertyName: 'game', mapping } };
  // Any route may answer 429 (RATE_LIMIT_PER_MINUTE) or 500, always as problem+json.
  const problem = { description: '', content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDto' } } } };
  for (const item of Object.values(document.paths)) {
    for (const op of Object.values(item) as { responses?: Record<string, unknown>; security?: unknown[] }[]) {
      if (!op?.responses) continue;
      // A route without @Auth is public: say so, rather than leave its security undefined.
      op.security ??= [];
      op.responses['429'] ??= {
        ...problem,
        description:
          "RATE_LIMITED: more than RATE_LIMIT_PER_MINUTE requests a minute with this player's token, or RATE_LIMIT_PER_ADDRESS_PER_MINUTE from this client address",
      };
      op.responses['500'] ??= { ...problem, description: 'INTERNAL (logged with the request id)' };
    }
  }
  return document;
}
