import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { handRecordSchema } from './audit/hand-record.schema.js';
import { ProblemCodes } from './common/problems.js';

/** Swagger UI at /docs, the OpenAPI 3 document at /docs-json (CONTRACT.md "Process"). */
export function setupOpenApi(app: INestApplication): void {
  const config = new DocumentBuilder()
    .setTitle('kartentisch')
    .setDescription(
      'Card tables for Dobbm, Droggn and Doppelkopf. Every action is checked by the rules engine and appended to a ' +
        'hash-chained event log. Errors are application/problem+json with a stable `code`: ' +
        Object.keys(ProblemCodes).join(', ') +
        ', and the engine\'s own codes (NOT_YOUR_TURN, MUST_FOLLOW_SUIT, …) with 422.',
    )
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'a player token from POST /players, or AUDIT_TOKEN' })
    .build();
  const document = SwaggerModule.createDocument(app, config);
  document.components ??= {};
  document.components.schemas ??= {};
  document.components.schemas.HandRecord = handRecordSchema as never;
  // Any route may answer 429 (RATE_LIMIT_PER_MINUTE) or 500, always as problem+json.
  const problem = { description: '', content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDto' } } } };
  for (const item of Object.values(document.paths)) {
    for (const op of Object.values(item) as { responses?: Record<string, unknown> }[]) {
      if (!op?.responses) continue;
      op.responses['429'] ??= { ...problem, description: 'RATE_LIMITED: more than RATE_LIMIT_PER_MINUTE requests from this client' };
      op.responses['500'] ??= { ...problem, description: 'INTERNAL (logged with the request id)' };
    }
  }
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json' });
}
