import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from '@swc/core';
import { SWC_OPTIONS } from './swc-options.mjs';

/**
 * Module hooks (registered by swc-register.mjs) that run the service's TypeScript sources in a
 * child process as jest runs them in process: compiled by swc with decorator metadata, which
 * NestJS needs and tsx does not emit. Imports name `.js` files; the `.ts` source is loaded.
 */
export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (err) {
    if (!specifier.startsWith('.') || !specifier.endsWith('.js')) throw err;
    return next(`${specifier.slice(0, -3)}.ts`, context);
  }
}

export async function load(url, context, next) {
  if (!url.startsWith('file:') || !url.endsWith('.ts') || url.includes('/node_modules/')) return next(url, context);
  const filename = fileURLToPath(url);
  const { code } = await transform(await readFile(filename, 'utf8'), { ...SWC_OPTIONS, filename });
  return { format: 'module', source: code, shortCircuit: true };
}
