import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The API lane runs its files in shared workers without isolation (vitest.config.ts): a module
 * mock, a stubbed global or environment variable, or fake timers would outlive the file that set
 * them and change what later files in the same worker see. None of those may appear there.
 */
const root = join(import.meta.dirname, '..', '..');
const leaking = [
  /\bvi\.(?:mock|doMock|hoisted|stubGlobal|stubEnv|useFakeTimers|spyOn)\b/,
  /\bprocess\.env(?:\.\w+|\[[^\]]+\])\s*=(?!=)/,
  /\bdelete\s+process\.env\b/,
  /\bglobalThis\.\w+\s*=(?!=)/,
];

function integrationTests(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : integrationTests(path);
    return entry.name.endsWith('.int.test.ts') ? [path] : [];
  });
}

describe('API lane isolation', () => {
  const files = integrationTests(join(root, 'api'));

  it('finds the integration tests it guards', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('has no test that leaves a mock, stub, fake timer or environment change behind', () => {
    const found = files.flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      return leaking
        .filter((pattern) => pattern.test(source))
        .map((pattern) => `${relative(root, file)}: ${pattern.source}`);
    });
    expect(found, 'these need an isolated lane of their own').toEqual([]);
  });
});
