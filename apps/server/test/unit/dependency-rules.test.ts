import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cruise } from 'dependency-cruiser';
import type { ICruiseResult, IForbiddenRuleType } from 'dependency-cruiser';

/**
 * The rules `npm run lint` checks with dependency-cruiser (.dependency-cruiser.cjs), each broken
 * on purpose in a small tree laid out like this repository: without its rule, a test here fails.
 */
const require = createRequire(import.meta.url);
const { forbidden } = require('../../../../.dependency-cruiser.cjs') as {
  forbidden: IForbiddenRuleType[];
};

type Tree = Record<string, string>;

/** Two modules, beta using alpha through its index, as the server's modules do. */
const CLEAN: Tree = {
  'apps/server/src/modules/alpha/index.ts': "export { findAlpha } from './repo';\n",
  'apps/server/src/modules/alpha/repo.ts': 'export const findAlpha = (): number => 1;\n',
  'apps/server/src/modules/beta/index.ts': "export { useAlpha } from './service';\n",
  'apps/server/src/modules/beta/service.ts':
    "import { findAlpha } from '../alpha';\nexport const useAlpha = (): number => findAlpha();\n",
  'apps/server/src/app.ts': "export { useAlpha } from './modules/beta';\n",
  'apps/server/src/db/index.ts': 'export const db = {};\n',
  'apps/web/src/main.ts':
    "import { rule } from '../../../packages/domain/src';\nexport const r = rule;\n",
  'packages/domain/src/index.ts': 'export const rule = (): boolean => true;\n',
};

let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = undefined;
});

/** The names of the rules the tree breaks. */
async function brokenRules(tree: Tree): Promise<string[]> {
  root = await mkdtemp(join(tmpdir(), 'talaqa-deps-'));
  for (const [path, text] of Object.entries(tree)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  const { output } = await cruise(['apps', 'packages'], {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden },
    tsPreCompilationDeps: true,
  });
  const result = output as ICruiseResult;
  return [...new Set(result.summary.violations.map((violation) => violation.rule.name))].sort();
}

describe('the dependency rules of npm run lint', () => {
  it('let modules use each other through their index', async () => {
    expect(await brokenRules(CLEAN)).toEqual([]);
  });

  it("refuse a module importing another module's repo.ts", async () => {
    const tree = {
      ...CLEAN,
      'apps/server/src/modules/beta/service.ts':
        "import { findAlpha } from '../alpha/repo';\nexport const useAlpha = (): number => findAlpha();\n",
    };
    expect(await brokenRules(tree)).toEqual(['module-internals']);
  });

  it('refuse app.ts reaching past a module index', async () => {
    const tree = {
      ...CLEAN,
      'apps/server/src/app.ts': "export { findAlpha } from './modules/alpha/repo';\n",
    };
    expect(await brokenRules(tree)).toEqual(['module-internals-from-outside']);
  });

  it('refuse two modules that need each other', async () => {
    const tree = {
      ...CLEAN,
      'apps/server/src/modules/alpha/repo.ts':
        "import { useAlpha } from '../beta';\nexport const findAlpha = (): number => 1;\nexport const again = useAlpha;\n",
    };
    expect(await brokenRules(tree)).toEqual(['no-cycle', 'no-module-cycle']);
  });

  it('let two files name each other only in types (the compiler erases those)', async () => {
    const tree = {
      ...CLEAN,
      'apps/server/src/modules/alpha/repo.ts':
        "import type { Beta } from './beta';\nexport const findAlpha = (): number => 1;\nexport type Alpha = Beta;\n",
      'apps/server/src/modules/alpha/beta.ts':
        "import { findAlpha } from './repo';\nexport type Beta = number;\nexport const beta = findAlpha;\n",
    };
    expect(await brokenRules(tree)).toEqual([]);
  });

  it('refuse the kernel importing a module', async () => {
    const tree = {
      ...CLEAN,
      'apps/server/src/db/index.ts': "export { findAlpha as db } from '../modules/alpha';\n",
    };
    expect(await brokenRules(tree)).toEqual(['kernel-below-modules']);
  });

  it('refuse I/O in the domain package', async () => {
    const tree = {
      ...CLEAN,
      'packages/domain/src/index.ts':
        "import { readFileSync } from 'node:fs';\nexport const rule = (): boolean => readFileSync !== undefined;\n",
    };
    expect(await brokenRules(tree)).toEqual(['domain-is-pure']);
  });

  it('refuse an app importing another app, or a package importing an app', async () => {
    const tree = {
      ...CLEAN,
      'apps/web/src/main.ts': "export { useAlpha as r } from '../../server/src/modules/beta';\n",
      'packages/domain/src/index.ts': "export { r as rule } from '../../../apps/web/src/main';\n",
    };
    expect(await brokenRules(tree)).toEqual([
      'apps-apart',
      'domain-is-pure',
      'packages-below-apps',
    ]);
  });
});
