import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';

/**
 * The .eml the shop's mail worker wrote to `DATA_DIR/mail` for `to` whose subject holds
 * `subject`, once it is there (raw, as written).
 */
export async function emailTo(dataDir: string, to: string, subject: string): Promise<string> {
  const mailDir = join(dataDir, 'mail');
  const find = async () => {
    const names = await readdir(mailDir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.eml'))) {
      const raw = await readFile(join(mailDir, name), 'utf8');
      if (raw.includes(`To: ${to}`) && raw.includes(subject)) return raw;
    }
    return '';
  };
  await expect.poll(find, { timeout: 30_000, interval: 250 }).toContain(subject);
  return find();
}
