import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../paths';

/** The import boundaries are lint rules; these cases prove the rules bite. */
const eslint = new ESLint({ cwd: projectRoot });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('import boundaries', () => {
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

  it('allows the permitted directions', async () => {
    expect(
      await ruleIds(
        'app/pages/Probe.ts',
        "import { messages } from '../../api/domain/messages';\nimport { theme } from '../../ui/theme';\nexport const x = [messages, theme];\n",
      ),
    ).toEqual([]);
  });
});
