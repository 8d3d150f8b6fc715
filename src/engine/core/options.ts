import { Codes, type OptionsParse } from './rejections.js';

/**
 * A rule profile is a small document (FreeDoko/openschafkopf habit): every option has a
 * name (dotted, without the game prefix), a default and the values it admits.
 */
export type OptionSpec =
  | { kind: 'enum'; values: readonly (string | number | boolean)[]; default: string | number | boolean }
  | { kind: 'int'; min: number; max?: number; default: number | null; allowNull?: boolean }
  | { kind: 'bool'; default: boolean };

export type OptionSchema = Readonly<Record<string, OptionSpec>>;

/** The value type one option admits: its listed values, a boolean, or an integer (`null` where allowed). */
export type OptionValue<Spec extends OptionSpec> = Spec extends { kind: 'enum'; values: readonly (infer V)[] }
  ? V
  : Spec extends { kind: 'bool' }
    ? boolean
    : Spec extends { allowNull: true }
      ? number | null
      : number;

/**
 * The typed profile of a schema written `as const` (flat dotted names, as `parseOptionRecord`
 * returns them): the one place a game's options are written is its schema.
 */
export type OptionsOf<Schema extends OptionSchema> = { -readonly [Name in keyof Schema]: OptionValue<Schema[Name]> };

/** `parseOptionRecord` for one game's schema, typed by it. */
export function parseOptionsOf<Schema extends OptionSchema>(schema: Schema, input: unknown): OptionsParse<OptionsOf<Schema>> {
  // The parse checked every value against its spec, which is what OptionsOf<Schema> says.
  return parseOptionRecord(schema, input) as OptionsParse<OptionsOf<Schema>>;
}

/**
 * Accepts nested objects (`{doubling: {firstSpeaker: "dealerLeft"}}`) and flat dotted names
 * (`{"doubling.firstSpeaker": "dealerLeft"}`), fills defaults, and returns a flat record.
 * `int` options with `allowNull` take `null` for "unlimited".
 */
export function parseOptionRecord(schema: OptionSchema, input: unknown): OptionsParse<Record<string, unknown>> {
  const flat: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  if (input !== undefined && input !== null) {
    if (typeof input !== 'object' || Array.isArray(input)) {
      return fail(Codes.INVALID_OPTION, 'rules must be an object');
    }
    const err = flatten(input as Record<string, unknown>, '', flat, schema);
    if (err) return fail(Codes.UNKNOWN_OPTION, `unknown rule option "${err}"`);
  }
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(schema)) {
    const has = Object.prototype.hasOwnProperty.call(flat, name);
    const v = has ? flat[name] : spec.default;
    if (!has) {
      out[name] = v;
      continue;
    }
    if (spec.kind === 'enum' && !spec.values.includes(v as never)) {
      return fail(Codes.INVALID_OPTION, `rule option "${name}" must be one of ${spec.values.map((x) => JSON.stringify(x)).join(', ')}`);
    }
    if (spec.kind === 'bool' && typeof v !== 'boolean') {
      return fail(Codes.INVALID_OPTION, `rule option "${name}" must be true or false`);
    }
    if (spec.kind === 'int') {
      const okNull = spec.allowNull && v === null;
      const okInt = typeof v === 'number' && Number.isInteger(v) && v >= spec.min && (spec.max === undefined || v <= spec.max);
      if (!okNull && !okInt) {
        return fail(
          Codes.INVALID_OPTION,
          `rule option "${name}" must be an integer ≥ ${spec.min}${spec.max !== undefined ? ` and ≤ ${spec.max}` : ''}${spec.allowNull ? ' or null' : ''}`,
        );
      }
    }
    out[name] = v;
  }
  return { ok: true, options: out };
}

/** Back to the nested form the API echoes (`{"doubling": {"firstSpeaker": …}}`). */
export function nestOptions(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(flat)) {
    const parts = name.split('.');
    let node = out;
    for (const p of parts.slice(0, -1)) {
      // A parent that is itself an option (`piglets` and `piglets.super`) keeps its value
      // under `enabled`.
      if (typeof node[p] !== 'object' || node[p] === null) node[p] = node[p] === undefined ? {} : { enabled: node[p] };
      node = node[p] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1]!;
    if (typeof node[last] === 'object' && node[last] !== null) (node[last] as Record<string, unknown>).enabled = v;
    else node[last] = v;
  }
  return out;
}

function flatten(obj: Record<string, unknown>, prefix: string, out: Record<string, unknown>, schema: OptionSchema): string | null {
  for (const [k, v] of Object.entries(obj)) {
    const name = prefix ? `${prefix}.${k}` : k;
    // Own names only: `constructor`, `toString` or `__proto__` are no option, whatever Object.prototype holds.
    if (Object.hasOwn(schema, name) && !(isPlainObject(v) && hasChildren(schema, name))) {
      out[name] = v;
    } else if (k === 'enabled' && prefix && Object.hasOwn(schema, prefix)) {
      out[prefix] = v;
    } else if (isPlainObject(v) && hasChildren(schema, name)) {
      const err = flatten(v as Record<string, unknown>, name, out, schema);
      if (err) return err;
    } else {
      return name;
    }
  }
  return null;
}

const isPlainObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);
const hasChildren = (schema: OptionSchema, name: string): boolean => Object.keys(schema).some((k) => k.startsWith(`${name}.`));
const fail = (code: string, message: string): OptionsParse<Record<string, unknown>> => ({ ok: false, rejection: { code, message } });
