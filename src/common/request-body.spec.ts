import { describe, expect, it } from '@jest/globals';
import { ApiError } from './problems.js';
import { bodyCheck, requestBody, requestBodySchemas } from './request-body.js';

/** The problem a check throws: its code and the words a client reads. */
function refusal(check: (v: unknown) => unknown, value: unknown): { code: string; detail: string } {
  try {
    check(value);
  } catch (err) {
    const p = (err as ApiError).toProblem() as { code: string; detail: string };
    return { code: p.code, detail: p.detail };
  }
  throw new Error('the check let the value through');
}

const deal = bodyCheck({
  type: 'object',
  required: ['game'],
  additionalProperties: false,
  properties: {
    game: { type: 'string' },
    deck: { type: 'array', items: { type: 'string' } },
    hands: { type: 'array' },
    talon: { type: 'array' },
    name: { type: 'string', pattern: '^[a-z]+$', description: 'lower-case letters only' },
    n: { type: 'integer' },
  },
  oneOf: [{ required: ['deck'] }, { required: ['hands', 'talon'] }],
});

describe('request bodies: one schema, one check', () => {
  it('lets a body that fits through as it is: no coercion, no defaults', () => {
    const body = { game: 'dobbm', deck: ['HS'] };
    expect(deal(body)).toBe(body);
    expect(refusal(deal, { game: 'dobbm', deck: ['HS'], n: '3' })).toEqual({ code: 'VALIDATION_FAILED', detail: 'n must be integer' });
  });

  it('names a choice between required fields as the choice, not as each missing field', () => {
    expect(refusal(deal, { game: 'dobbm' }).detail).toBe('give either deck, or hands and talon');
    expect(refusal(deal, { game: 'dobbm', deck: [], hands: [], talon: [] }).detail).toBe('give either deck, or hands and talon');
  });

  it("says a pattern's rule in the schema's words, not its expression", () => {
    expect(refusal(deal, { game: 'dobbm', deck: [], name: 'Resi' }).detail).toBe('name must be lower-case letters only');
  });

  it('refuses an unknown field by name and stops naming problems after five', () => {
    expect(refusal(deal, { game: 'dobbm', deck: [], extra: 1 }).detail).toBe('property extra should not exist');
    const many = { game: 1, deck: [1, 2, 3, 4, 5, 6] };
    const detail = refusal(deal, many).detail;
    expect(detail.split('; ')).toHaveLength(6);
    expect(detail.endsWith('; …')).toBe(true);
  });

  it('checks an absent body as an empty one, and publishes every body under its name once', () => {
    const body = requestBody<{ seat?: number | null }>('SpecSeat', {
      type: 'object',
      additionalProperties: false,
      properties: { seat: { type: 'integer', nullable: true } },
    });
    expect(body.pipe.transform(undefined, { type: 'body' })).toEqual({});
    expect(body.ref).toEqual({ $ref: '#/components/schemas/SpecSeat' });
    expect(requestBodySchemas().has('SpecSeat')).toBe(true);
    expect(() => requestBody('SpecSeat', { type: 'object' })).toThrow(/twice/);
  });
});
