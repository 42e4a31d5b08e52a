// The entry sets V8's young-generation growth before any package loads (docs/decisions/035): a value import added to
// it would be loaded before its first line runs, and start-up would grow the young generation again.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const source = readFileSync(new URL('./server.ts', import.meta.url), 'utf8');

describe('server.ts, the entry', () => {
  it('imports nothing but node:v8 before it sets the growth factor (type imports are erased)', () => {
    const imports = [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]);
    expect(imports).toEqual(['node:v8']);
    expect(source.indexOf("setFlagsFromString('--semi-space-growth-factor=1')")).toBeLessThan(source.indexOf('await import('));
  });

  it('restores V8’s default once the server listens, and leaves an operator’s own setting alone', () => {
    expect(source).toMatch(/finally \{\s*if \(!operatorSetsIt\) v8\.setFlagsFromString\(`--semi-space-growth-factor=\$\{DEFAULT_GROWTH_FACTOR\}`\)/);
    expect(source).toContain('const DEFAULT_GROWTH_FACTOR = 2;');
  });
});
