import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../paths';

/** The import boundaries are lint rules; these cases prove the rules bite. */
const eslint = new ESLint({ cwd: projectRoot });

/**
 * Slow: the first lintText loads the config, typescript-eslint and the TypeScript import resolver
 * (measured 3.3 s cold, 0.9 s warm, on an idle 2-core machine), so allow ~10x the cold figure.
 */
const lintTimeout = 30_000;

interface Problem {
  ruleId: string;
  message: string;
}

async function problems(filePath: string, code: string): Promise<Problem[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => ({
    ruleId: m.ruleId ?? m.message,
    message: m.message,
  }));
}

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  return (await problems(filePath, code)).map((p) => p.ruleId);
}

/** A module that imports `name` from `from` and uses it, so nothing else in it is linted as wrong. */
const importing = (name: string, from: string): string =>
  `import { ${name} } from '${from}';\nexport const x = ${name};\n`;

/** Every feature folder, read as the lint config reads it: a new folder is covered here too. */
const features = readdirSync(resolve(projectRoot, 'app/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const featureBoundary = expect.objectContaining({
  ruleId: 'no-restricted-imports',
  message: expect.stringContaining('Import a feature only through its public index.ts'),
});
/** no-restricted-imports prefixes the pattern's message with "'<source>' import is restricted…". */
const testDoubles = expect.objectContaining({
  ruleId: 'no-restricted-imports',
  message: expect.stringMatching(/ Test doubles are for tests and stories only\.$/),
});
const uiAllowList = expect.objectContaining({
  ruleId: 'no-restricted-imports',
  message: expect.stringContaining('ui/ is the design system: its production code may import only'),
});
const unboundedProperty = {
  ruleId: 'no-restricted-syntax',
  message: 'fc.assert needs { numRuns } so the property test stays bounded.',
};

describe('import boundaries', { timeout: lintTimeout }, () => {
  it.each([
    [
      'ui/components/Probe/Probe.ts',
      "import { createRoutes } from '../../../app/routes';\nexport const x = createRoutes;\n",
    ],
    [
      'ui/components/Probe/Probe.ts',
      "import { messages } from '../../../api/domain/messages';\nexport const x = messages;\n",
    ],
    [
      'app/pages/Probe.ts',
      "import { createApp } from '../../api/app';\nexport const x = createApp;\n",
    ],
    ['api/routes/probe.ts', "import { theme } from '../../ui/theme';\nexport const x = theme;\n"],
    [
      'api/routes/probe.ts',
      "import { createRoutes } from '../../app/routes';\nexport const x = createRoutes;\n",
    ],
    [
      'api/domain/probe.ts',
      "import { loadConfig } from '../config';\nexport const x = loadConfig;\n",
    ],
  ])('%s may not import that', async (file, code) => {
    expect(await ruleIds(file, code)).toContain('import-x/no-restricted-paths');
  });

  it('keeps api/domain free of Node and database packages', async () => {
    const ids = await ruleIds(
      'api/domain/probe.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    );
    expect(ids).toContain('no-restricted-imports');
  });

  it('lets features import each other only through index.ts', async () => {
    const bad = await ruleIds(
      'app/features/layout/Probe.ts',
      "import { catalogueQuery } from '../catalogue/query';\nexport const x = catalogueQuery;\n",
    );
    expect(bad).toContain('no-restricted-imports');
    const good = await ruleIds(
      'app/features/layout/Probe.ts',
      "import { catalogueQuery } from '../catalogue';\nexport const x = catalogueQuery;\n",
    );
    expect(good).toEqual([]);
  });

  it('guards consent like every other feature', async () => {
    expect(
      await problems(
        'app/features/layout/Probe.tsx',
        importing('readConsent', '../consent/consent'),
      ),
    ).toContainEqual(featureBoundary);
    expect(
      await problems('app/features/layout/Probe.tsx', importing('Consent', '../consent')),
    ).toEqual([]);
  });

  it('knows every folder in app/features as a feature', async () => {
    expect(features).toContain('consent');
    for (const feature of features) {
      const neighbour = features.find((name) => name !== feature);
      const fromSibling = await problems(
        `app/features/${neighbour}/Probe.ts`,
        importing('x0', `../${feature}/somefile`),
      );
      expect(fromSibling, `../${feature}/somefile from ${neighbour}`).toContainEqual(
        featureBoundary,
      );
      const fromPage = await problems(
        'app/pages/Probe.ts',
        importing('x0', `../features/${feature}/somefile`),
      );
      expect(fromPage, `../features/${feature}/somefile from app/pages`).toContainEqual(
        featureBoundary,
      );
    }
  });

  it('lets a feature import its own files', async () => {
    expect(
      await problems('app/features/cart/Probe.ts', importing('cartMachine', './cartMachine')),
    ).toEqual([]);
  });

  it.each([
    ['app/pages/Probe.tsx', '../features/cart/cartMachine'],
    ['app/pages/catalogue/Probe.tsx', '../../features/cart/cartMachine'],
    ['app/Probe.tsx', './features/cart/cartMachine'],
    ['app/qa/Probe.ts', '../features/cart/cartMachine'],
    ['app/pages/Probe.test.tsx', '../features/cart/cartMachine'],
  ])('%s may not import %s, a feature internal', async (file, from) => {
    expect(await problems(file, importing('cartMachine', from))).toContainEqual(featureBoundary);
  });

  it.each([
    ['app/pages/Probe.tsx', '../features/cart'],
    ['app/pages/Probe.tsx', '../features/cart/index'],
    ['app/pages/catalogue/Probe.tsx', '../../features/cart'],
    ['app/Probe.tsx', './features/cart'],
  ])('%s may import %s, the public index', async (file, from) => {
    expect(await problems(file, importing('cartMachine', from))).toEqual([]);
  });

  it.each([
    ['app/client/Probe.tsx', '../features/layout/islands'],
    ['app/features/cart/Probe.tsx', '../layout/islands'],
  ])("%s may import %s, the feature's entry for the home page's islands", async (file, from) => {
    expect(await problems(file, importing('loadHeaderIsland', from))).toEqual([]);
  });

  it.each(['@xstate/react', 'xstate', 'pino', 'koa', 'node:fs', 'react-dom', 'storybook/test'])(
    'keeps %s out of ui/ production code',
    async (from) => {
      expect(await problems('ui/components/Probe/Probe.tsx', importing('x0', from))).toContainEqual(
        uiAllowList,
      );
    },
  );

  it('lets ui/ import its own packages, and its stories and tests their tooling', async () => {
    expect(
      await problems(
        'ui/components/Probe/Probe.tsx',
        "import { useState } from 'react';\nimport styled from 'styled-components';\n" +
          "import { Button } from 'react-aria-components';\nexport const x = [useState, styled, Button];\n",
      ),
    ).toEqual([]);
    expect(
      await problems(
        'ui/components/Probe/Probe.stories.tsx',
        importing('expect', 'storybook/test'),
      ),
    ).toEqual([]);
    expect(await problems('ui/components/Probe/Probe.test.ts', importing('it', 'vitest'))).toEqual(
      [],
    );
    expect(
      await problems('ui/components/Probe/Probe.stories.tsx', importing('x0', '@xstate/react')),
    ).toContainEqual(
      expect.objectContaining({
        ruleId: 'no-restricted-imports',
        message: expect.stringContaining('ui/ tests and stories may import only'),
      }),
    );
  });

  it.each([
    ['app/features/layout/Probe.tsx', '../cart/testing'],
    ['app/features/cart/Probe.tsx', './testing'],
    ['app/pages/Probe.tsx', '../features/cart/testing'],
    ['app/Probe.tsx', './features/cart/testing'],
  ])('keeps test doubles out of production code: %s importing %s', async (file, from) => {
    expect(await problems(file, importing('createFakeCartApi', from))).toContainEqual(testDoubles);
  });

  it.each([
    ['app/features/layout/Probe.stories.tsx', '../cart/testing'],
    ['app/features/layout/Probe.test.ts', '../cart/testing'],
    ['app/features/layout/layoutStoryKit.tsx', '../cart/testing'],
    ['app/features/layout/storyFixtures.tsx', '../cart/testing'],
    ['app/features/cart/Probe.test.ts', './testing'],
    ['app/pages/Probe.test.tsx', '../features/cart/testing'],
    ['app/pages/Probe.browser.test.tsx', '../features/cart/testing'],
    ['app/pages/Probe.stories.tsx', '../features/cart/testing'],
  ])('lets tests and stories use test doubles: %s importing %s', async (file, from) => {
    expect(await problems(file, importing('createFakeCartApi', from))).toEqual([]);
  });

  it('bounds every property test with numRuns', async () => {
    const property = 'fc.property(fc.nat(), (n) => n >= 0)';
    const probe = (args: string): string =>
      `import fc from 'fast-check';\nimport { it } from 'vitest';\nit('p', () => {\n  fc.assert(${args});\n});\n`;
    expect(await problems('api/domain/probe.test.ts', probe(property))).toContainEqual(
      unboundedProperty,
    );
    // A numRuns key inside the property, not in the options, does not count.
    expect(
      await problems(
        'api/domain/probe.test.ts',
        probe('fc.property(fc.record({ numRuns: fc.nat() }), (r) => r.numRuns >= 0)'),
      ),
    ).toContainEqual(unboundedProperty);
    expect(
      await problems('api/domain/probe.test.ts', probe(`${property}, { seed: 1 }`)),
    ).toContainEqual(unboundedProperty);
    expect(
      await problems('api/domain/probe.test.ts', probe(`${property}, { numRuns: 50 }`)),
    ).toEqual([]);
  });

  it('allows the permitted directions', async () => {
    expect(
      await ruleIds(
        'app/pages/Probe.ts',
        "import { messages } from '../../api/domain/messages';\nimport { theme } from '../../ui/theme';\nexport const x = [messages, theme];\n",
      ),
    ).toEqual([]);
  });
});
