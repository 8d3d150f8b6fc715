/**
 * Prisma's WebAssembly schema engine, driven through @prisma/adapter-pg (the native engine
 * cannot be downloaded where this project is built: no network but the npm registry). Used by `npm run db:diff` to write the SQL of
 * a new migration and by test/schema-drift.spec.ts to prove schema.prisma and the migrations agree.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import * as engineGlue from '@prisma/schema-engine-wasm/schema_engine_bg';
import { projectRoot } from '../src/config/paths.js';

export const SCHEMA_PATH = path.join(projectRoot(), 'prisma', 'schema.prisma');

/** The slice of the WebAssembly API used here (lib "ES2023" declares none of it). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: Record<string, unknown>) => { exports: Record<string, unknown> };
}

let loaded = false;
function loadWasm(): void {
  if (loaded) return;
  // The package imports its .wasm as an ES module, which Node cannot do; instantiate it by hand.
  const require = createRequire(import.meta.url);
  const glue = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
  const module = new wasm.Module(readFileSync(glue.replace(/schema_engine_bg\.js$/, 'schema_engine_bg.wasm')));
  const instance = new wasm.Instance(module, { './schema_engine_bg.js': engineGlue });
  engineGlue.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start: () => void }).__wbindgen_start();
  (globalThis as Record<string, unknown>).PRISMA_WASM_PANIC_REGISTRY ??= { set_message: (m: string) => console.error(m) };
  loaded = true;
}

const filters = { externalTables: [], externalEnums: [] };

/**
 * The SQL that takes an empty database to the schema in schema.prisma (`fromEmpty`), or the
 * database at `databaseUrl` to it. The engine connects either way. Introspecting a live
 * database fails with adapter-pg 7.10.1 (it cannot read PostgreSQL's `"char"` columns),
 * so the drift test compares a migrated database with one built from `fromEmpty` SQL.
 */
export async function diffToSchema(databaseUrl: string, fromEmpty = false, schema = readFileSync(SCHEMA_PATH, 'utf8')): Promise<string> {
  loadWasm();
  const files = [{ path: 'schema.prisma', content: schema }];
  const adapter = new PrismaPg({ connectionString: databaseUrl });
  const engine = await engineGlue.SchemaEngine.new(
    { datamodels: [['schema.prisma', schema]] },
    () => undefined,
    bindMigrationAwareSqlAdapterFactory(adapter),
  );
  try {
    const from = !fromEmpty ? { tag: 'schemaDatasource' as const, files, configDir: projectRoot() } : { tag: 'empty' as const };
    const result = await engine.diff({ from, to: { tag: 'schemaDatamodel', files }, script: true, exitCode: null, filters });
    return (result.stdout ?? '')
      .replace(/^-- CreateSchema\nCREATE SCHEMA IF NOT EXISTS "public";\n\n/, '')
      .replace(/^-- This is an empty migration\.\s*$/, '')
      .trim();
  } finally {
    engine.free();
  }
}

// `npm run db:diff [-- --from-empty]`: print the SQL that takes DATABASE_URL's database (or an
// empty one) to schema.prisma, i.e. the next migration.
if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const url = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  diffToSchema(url, process.argv.includes('--from-empty')).then(
    (sql) => console.log(sql || '-- no changes'),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
