import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { optionNotes } from '../src/games/option-notes.js';

/**
 * Every citation in the repository resolves inside it. A citation is
 * a repository path to a document, `docs/rules/dobbm.md#doubling`, anywhere in a text file,
 * any other path from the repository's root (`src/hands/hand-store.ts`, `bench/results/`) in a
 * document or a comment, or a relative markdown link `[…](rules/dobbm.md#doubling)`,
 * `[…](../openapi/openapi.json)` in a `.md` file. It resolves
 * when the file exists and, with an anchor, the file has an explicit `id="…"` or a heading
 * whose slug is the anchor. The rule options' notes name a section of their game's page too.
 * Nothing may point at documents a person who clones the repository does not have.
 */
describe('citations', () => {
  it('every docs/…md#anchor, repository path and markdown link resolves; nothing cites a document outside the repository', () => {
    expect(citationProblems()).toEqual([]);
  });
});

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED = ['src', 'test', 'docs', 'web', 'bench', 'scripts', 'prisma', 'openapi', 'README.md', 'jest.config.js', 'prisma.config.ts'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'generated', '.data']);
/** An applied migration's text is checksummed (src/database/migrations.ts), so its comments stay as written. */
const SKIPPED_PATHS = [path.join('prisma', 'migrations')];
const TEXT = /\.(ts|tsx|js|mjs|cjs|json|md|sql|prisma|css|html|sh|ya?ml)$/;

/** The documents the project was started from live outside the repository; nothing may cite them. */
const OUTSIDE = [
  new RegExp(`\\b(${['RULES', 'CONTRACT', 'DESIGN', 'STACK', 'STYLE'].join('|')})\\.md\\b`),
  new RegExp(['\\.\\./sha', 'red/'].join('')),
  new RegExp(['\\bsee', 'ds/\\d'].join('')),
  // A bare section number, as the old single rules document had them.
  new RegExp(['(?<!RFC \\d{3,5} )\u00a7', '\\s?\\d'].join('')),
];
const REPO_PATH = /(?<![\w./-])docs\/[\w./-]+?\.md(?:#[\w-]+)?/g;
const MD_LINK = /\]\(([^)\s#]+\.md)(#[^)\s]+)?\)/g;
/** A relative markdown link to anything else: a file or a folder that must exist. */
const MD_OTHER_LINK = /\]\((?![a-z]+:|#|\/)([^)\s#]+?)(?:#[^)\s]*)?\)/g;
/**
 * A path from the repository's root, in words: not the tail of a longer path, an import or a URL.
 * A placeholder (`<game>`, `*`, `{id}`, `…`) right after it makes it a pattern, not a citation.
 */
const ROOT_PATH = /(?<![\w./@:$-])(?:src|test|bench|scripts|prisma|openapi|web|docs)\/[\w./-]*/g;
const PLACEHOLDER_AFTER = /^[<*{…[$]/;

interface CitationProblem {
  at: string;
  citation: string;
  problem: string;
}

function citationProblems(root = ROOT): CitationProblem[] {
  const problems: CitationProblem[] = [];
  const anchors = new Map<string, Set<string>>();
  const anchorsOf = (file: string): Set<string> => {
    let set = anchors.get(file);
    if (!set) anchors.set(file, (set = documentAnchors(readFileSync(file, 'utf8'))));
    return set;
  };
  const check = (at: string, citation: string, file: string, anchor: string | undefined) => {
    if (!existsSync(file) || !statSync(file).isFile()) problems.push({ at, citation, problem: 'no such file' });
    else if (anchor && !anchorsOf(file).has(anchor)) problems.push({ at, citation, problem: `no anchor #${anchor}` });
  };

  for (const file of textFiles(root)) {
    const rel = path.relative(root, file);
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      const at = `${rel}:${i + 1}`;
      for (const pattern of OUTSIDE) {
        const m = pattern.exec(line);
        if (m) problems.push({ at, citation: m[0], problem: 'cites a document outside the repository' });
      }
      for (const m of line.matchAll(REPO_PATH)) {
        const [doc, anchor] = m[0].split('#');
        check(at, m[0], path.join(root, doc), anchor);
      }
      if (file.endsWith('.md') || commentOf(line, file) !== null) {
        const text = file.endsWith('.md') ? line : commentOf(line, file)!;
        for (const m of text.matchAll(ROOT_PATH)) {
          const cited = m[0].replace(/[.,:;-]+$/, '');
          if (PLACEHOLDER_AFTER.test(text.slice(m.index + m[0].length)) || /^docs\/.*\.md(#|$)/.test(cited)) continue;
          if (!existsSync(path.join(root, cited))) problems.push({ at, citation: cited, problem: 'no such path' });
        }
      }
      if (file.endsWith('.md')) {
        for (const m of line.matchAll(MD_OTHER_LINK)) {
          if (m[1].endsWith('.md')) continue;
          if (!existsSync(path.resolve(path.dirname(file), m[1]))) problems.push({ at, citation: m[0], problem: 'no such path' });
        }
        for (const m of line.matchAll(MD_LINK)) {
          if (/^[a-z]+:/.test(m[1])) continue;
          check(at, m[0], path.resolve(path.dirname(file), m[1]), m[2]?.slice(1));
        }
      }
    });
  }
  for (const [game, notes] of Object.entries(optionNotes)) {
    for (const [option, note] of Object.entries(notes)) {
      check(`src/games/option-notes.ts ${game}.${option}`, note.rules, path.join(root, 'docs/rules', `${game}.md`), note.rules);
    }
  }
  return problems;
}

/**
 * The comment part of a line of code (`//`, `/* … *\/`, a `*` line of a block comment, `#` in
 * shell, YAML and SQL's `--`), else null: paths in code are checked by running it.
 */
function commentOf(line: string, file: string): string | null {
  if (/\.(ts|tsx|js|mjs|cjs|css|prisma)$/.test(file)) {
    const m = /(?:^|\s)(?:\/\/|\/\*+|\*(?!\/))(.*)$/.exec(line);
    return m ? m[1]! : null;
  }
  if (/\.(sh|ya?ml)$/.test(file)) return /(?:^|\s)#(.*)$/.exec(line)?.[1] ?? null;
  if (file.endsWith('.sql')) return /--(.*)$/.exec(line)?.[1] ?? null;
  return null;
}

function* textFiles(root: string): Generator<string> {
  for (const entry of SCANNED) {
    const full = path.join(root, entry);
    if (!existsSync(full)) continue;
    if (statSync(full).isFile()) yield full;
    else yield* walk(full);
  }
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (SKIPPED_DIRS.has(entry.name) || SKIPPED_PATHS.some((skipped) => full.endsWith(skipped))) continue;
    if (entry.isDirectory()) yield* walk(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

/** Explicit `id="…"` anchors and GitHub's heading slugs. */
function documentAnchors(text: string): Set<string> {
  const set = new Set<string>();
  for (const m of text.matchAll(/\bid="([^"]+)"/g)) set.add(m[1]);
  for (const m of text.matchAll(/^#{1,6} (.+)$/gm)) set.add(slug(m[1]));
  return set;
}

const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
