import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|new URL\(\s*)'(\.{1,2}\/[^']+)'/g;

/** The text of a repository file, or undefined when there is none: the working tree's, or a commit's. */
export type Reader = (file: string) => string | undefined;
const workingTree: Reader = (file) => (existsSync(path.join(ROOT, file)) ? readFileSync(path.join(ROOT, file), 'utf8') : undefined);
/**
 * Which code a benchmark ran: every repository file the entry imports, at any depth (relative
 * imports, `.js` resolved to `.ts`/`.tsx`; not the git-ignored Prisma client), hashed by path and content. Two results with the same
 * version were played by the same code, whatever commit they were played at, and a change to any
 * file the benchmark runs (a bot, the engine, a solver, the benchmark itself) makes a new version.
 */
export function codeVersion(entry: string, read: Reader = workingTree): { version: string; files: string[] } {
  const seen = new Map<string, string>();
  const visit = (file: string) => {
    // Generated from prisma/schema.prisma and git-ignored: a commit does not hold it, and its source is hashed with the rest.
    if (seen.has(file) || file.startsWith('src/generated/')) return;
    const text = read(file);
    if (text === undefined) return;
    seen.set(file, text);
    for (const m of text.matchAll(SPECIFIER)) {
      const base = path.posix.join(path.posix.dirname(file), m[1]!);
      const candidates = base.endsWith('.js') ? [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base] : [base];
      const found = candidates.find((c) => read(c) !== undefined);
      if (found) visit(found);
    }
  };
  visit(entry);
  const files = [...seen.keys()].sort();
  const hash = createHash('sha256');
  for (const f of files) hash.update(`${f}\0${seen.get(f)}\0`);
  return { version: hash.digest('hex').slice(0, 16), files };
}

/** HEAD, and whether any of the files differ from it (played with uncommitted code). */
export function commitOf(files: string[]): { commit: string; dirty: boolean } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  return { commit: git('rev-parse', 'HEAD'), dirty: git('status', '--porcelain', '--', ...files) !== '' };
}
