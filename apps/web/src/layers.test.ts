// The layer rule in eslint.config.js (shared -> features -> app) refuses wrong-way imports and lets the right ones through.
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: resolve(root, 'eslint.config.js') });

async function layerErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = value;\n`, { filePath: resolve(root, 'apps/web/src', file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('web layers', { timeout: 60_000 }, () => {
  it.each([
    ['a shared component importing app/', 'components/x.tsx', "import { value } from '@/app/router';"],
    ['a shared component climbing into app/', 'components/x.tsx', "import { value } from '../app/router';"],
    ['shared lib importing a feature', 'lib/x.ts', "import { value } from '@/features/auth/components/auth-context';"],
    ['shared config climbing into a feature', 'config/x.ts', "import { value } from '../features/auth/components/auth-context';"],
    ['a feature importing app/', 'features/products/components/x.tsx', "import { value } from '@/config/paths';\nimport { other as value2 } from '@/app/paths';"],
    ['a feature importing another feature', 'features/products/components/x.tsx', "import { value } from '@/features/auth/hooks/use-is-admin';"],
    ['a feature climbing out of itself', 'features/products/components/x.tsx', "import { value } from '../../auth/hooks/use-is-admin';"],
    ['a file at the top of a feature reaching a sibling', 'features/products/x.ts', "import { value } from '../auth/hooks/use-is-admin';"],
    ['an app route climbing two folders', 'app/routes/dashboard/x.tsx', "import { value } from '../../layouts/dashboard-layout';"],
  ])('refuses %s', async (_name, file, source) => {
    expect(await layerErrors(file, source)).not.toEqual([]);
  });

  it.each([
    ['a shared component importing shared code', 'components/x.tsx', "import { value } from '@/config/paths';\nimport { other } from './icons';\nexport { other };"],
    ['a feature importing itself and shared code', 'features/products/components/x.tsx', "import { value } from '@/features/products/api/get-product';\nimport { other } from '../lib/product-form-schema';\nimport { third } from '@/lib/format';\nexport { other, third };"],
    ['an app route composing features', 'app/routes/dashboard/x.tsx', "import { value } from '@/features/auth/hooks/use-is-admin';\nimport { other } from '@/features/products/components/product-form';\nimport { third } from '@/app/layouts/dashboard-layout';\nexport { other, third };"],
  ])('allows %s', async (_name, file, source) => {
    expect(await layerErrors(file, source)).toEqual([]);
  });
});
