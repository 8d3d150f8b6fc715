import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { optionNotes } from '../src/games/option-notes.js';

/**
 * Every citation in the repository resolves inside it. A citation is
 * a repository path to a document, `docs/rules/dobbm.md#doubling`, anywhere in a text file,
 * or a relative markdown link `[…](rules/dobbm.md#doubling)` in a `.md` file. It resolves
 * when the file exists and, with an anchor, the file has an explicit `id="…"` or a heading
 * whose slug is the anchor. The rule options' notes name a section of their game's page too.
 * Nothing may point at documents a person who clones the repository does not have.
 */
describe('citations', () => {
  it('every docs/…md#anchor and markdown link resolves; nothing cites a document outside the repository', () => {
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
      if (file.endsWith('.md')) {
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
