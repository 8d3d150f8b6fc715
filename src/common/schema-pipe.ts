import type { PipeTransform } from '@nestjs/common';
import { Ajv, type ErrorObject, type JSONSchemaType } from 'ajv';
import { ApiError } from './problems.js';

/** Strict: no coercion, no defaults, no silently dropped fields (Fastify's own Ajv set-up does all three). */
const ajv = new Ajv({ allErrors: true, coerceTypes: false, useDefaults: false, removeAdditional: false });

/**
 * A body checked against a JSON schema compiled once by Ajv, instead of the global
 * ValidationPipe's class-transformer + class-validator (issue 13, the request path: about
 * 15 µs a body there, under 1 µs here). For hot routes whose body needs no transformation; the
 * parameter's type must not be a class (an interface), so that ValidationPipe leaves it alone.
 * Runs as a parameter pipe, after the guards, like the ValidationPipe it replaces.
 */
export class SchemaPipe<T> implements PipeTransform<unknown, T> {
  private readonly check;

  constructor(schema: JSONSchemaType<T>) {
    this.check = ajv.compile(schema);
  }

  transform(value: unknown): T {
    if (this.check(value)) return value;
    throw ApiError.of('VALIDATION_FAILED', describe(this.check.errors ?? []));
  }
}

/** "expectedSeq must be integer; action must be object", as class-validator's messages read. */
const describe = (errors: ErrorObject[]): string =>
  errors
    .map((e) => {
      const at = e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : 'the body';
      return e.keyword === 'additionalProperties'
        ? `property ${String(e.params.additionalProperty)} should not exist`
        : e.keyword === 'required'
          ? `${String(e.params.missingProperty)} is required`
          : `${at} ${e.message ?? 'is invalid'}`;
    })
    .join('; ');
