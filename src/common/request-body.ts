import type { PipeTransform } from '@nestjs/common';
import { Ajv, type ErrorObject, type JSONSchemaType, type Schema } from 'ajv';
import { ApiError } from './problems.js';

/**
 * Every request body is described once, as a JSON Schema: the OpenAPI document publishes it as
 * a component (openapi.ts), its TypeScript type is checked against it by the compiler
 * (`JSONSchemaType`), and the same compiled check guards the HTTP route and, for an action, the
 * sockets' frames. Ajv compiles each schema once, which keeps the check out of the way on the
 * hot action route; query strings, which arrive as text to be converted, stay with Nest's
 * ValidationPipe.
 *
 * Strict: no coercion, no defaults, no silently dropped fields (Fastify's own Ajv set-up does all
 * three). `example` is the OpenAPI document's, read by nobody here.
 */
const ajv = new Ajv({
  allErrors: true,
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
  keywords: ['example'],
  // The failing rule's own schema, for a pattern's words instead of its expression.
  verbose: true,
  formats: { uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i },
});

/** A body's check against its schema: the value typed, or VALIDATION_FAILED saying what is wrong. */
export function bodyCheck<T>(schema: JSONSchemaType<T> | Schema): (value: unknown) => T {
  const check = ajv.compile<T>(schema);
  return (value) => {
    if (check(value)) return value;
    throw ApiError.of('VALIDATION_FAILED', describe(check.errors ?? [], schema));
  };
}

/** A request body: its schema under the OpenAPI component `name`, and the pipe that checks it. */
export interface RequestBody<T> {
  readonly name: string;
  /** For `@ApiBody({ schema: body.ref })`. */
  readonly ref: { $ref: string };
  /** For `@Body(body.pipe)`; the parameter's type must not be a class, so that ValidationPipe leaves it alone. */
  readonly pipe: PipeTransform<unknown, T>;
}

const published = new Map<string, object>();

/**
 * Defines a request body. An absent or `null` body is checked as `{}`, as Nest's ValidationPipe
 * did. `prepare` runs before the check (a name is normalised first, then judged).
 */
export function requestBody<T>(name: string, schema: JSONSchemaType<T> | Schema, prepare?: (raw: unknown) => unknown): RequestBody<T> {
  if (published.has(name)) throw new Error(`request body ${name} is defined twice`);
  published.set(name, schema as object);
  const check = bodyCheck<T>(schema);
  const transform = prepare ? (raw: unknown) => check(prepare(raw ?? {})) : (raw: unknown) => check(raw ?? {});
  return { name, ref: { $ref: `#/components/schemas/${name}` }, pipe: { transform } };
}

/** Every request body's schema by component name, for the OpenAPI document. */
export const requestBodySchemas = (): ReadonlyMap<string, object> => published;

/** At most this many problems are named: the first ones are what to fix. */
const MAX_PROBLEMS = 5;

/** "expectedSeq must be integer; action must be object", as class-validator's messages read. */
function describe(errors: ErrorObject[], schema: JSONSchemaType<unknown> | Schema): string {
  // A failed oneOf of required-only branches ("deck, or hands and talon") reads as the choice it is,
  // not as each branch's missing field.
  const choice = errors.find((e) => e.keyword === 'oneOf');
  const rest = choice ? errors.filter((e) => !e.schemaPath.includes('/oneOf/') && e !== choice) : errors;
  const lines = rest.map((e) => {
    const at = e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : 'the body';
    if (e.keyword === 'pattern')
      return `${at} must be ${String((e.parentSchema as { description?: string })?.description ?? 'in the documented form')}`;
    return e.keyword === 'additionalProperties'
      ? `property ${String(e.params.additionalProperty)} should not exist`
      : e.keyword === 'required'
        ? `${String(e.params.missingProperty)} is required`
        : `${at} ${e.message ?? 'is invalid'}`;
  });
  if (choice) lines.unshift(describeChoice(choice, schema));
  const shown = lines.slice(0, MAX_PROBLEMS).join('; ');
  return lines.length > MAX_PROBLEMS ? `${shown}; …` : shown;
}

function describeChoice(error: ErrorObject, schema: JSONSchemaType<unknown> | Schema): string {
  const branches = error.instancePath === '' ? (schema as { oneOf?: { required?: string[] }[] }).oneOf : undefined;
  if (!branches?.every((b) => b.required)) return `${error.instancePath.slice(1) || 'the body'} ${error.message ?? 'is invalid'}`;
  return `give either ${branches.map((b) => b.required!.join(' and ')).join(', or ')}`;
}
