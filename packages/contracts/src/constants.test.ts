// `@olden/contracts/constants` must stay zod-free: the web's first load and api client import it.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/** Every module reachable from `file` through relative imports, with the bare packages each one imports. */
function imports(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/^(?:import|export)[^'"]*from\s+'([^']+)'/gm)].map((m) => m[1]!);
  seen.set(file, specifiers.filter((s) => !s.startsWith('.')));
  for (const s of specifiers.filter((s) => s.startsWith('.'))) imports(resolve(dirname(file), s), seen);
  return seen;
}

describe('@olden/contracts/constants', () => {
  it('imports no package, so it never pulls zod into a bundle', () => {
    const graph = imports(resolve(here, 'constants.ts'));
    expect(graph.size).toBeGreaterThan(3);
    for (const [file, packages] of graph) expect({ file, packages }).toEqual({ file, packages: [] });
  });

  it('the check sees a zod import where there is one', () => {
    const graph = imports(resolve(here, 'index.ts'));
    expect([...graph.values()].flat()).toContain('zod');
  });
});
