// docs/configuration.md is what the configuration schema renders: a new or changed variable must come with its doc.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONFIG_DOC_PATH, renderConfigDoc } from './config-doc.ts';
import { ZEnv } from './config.ts';

describe('docs/configuration.md', () => {
  it('is what the configuration schema renders (run `npm run config-doc` after changing ZEnv)', () => {
    expect(readFileSync(CONFIG_DOC_PATH, 'utf8')).toBe(renderConfigDoc());
  });

  it('has a row for every variable of ZEnv', () => {
    const doc = renderConfigDoc();
    for (const name of Object.keys(ZEnv.shape)) expect(doc).toContain(`| \`${name}\` |`);
  });

  it("takes a default from the schema, or in words from the description's last sentence", () => {
    const doc = renderConfigDoc(
      z.object({
        A: z.coerce.number().default(30).describe('seconds to wait'),
        B: z.string().optional().describe("a folder. Default: half the machine's cores, at least 1"),
        C: z.string().optional().describe('a | b'),
      }),
    );
    expect(doc).toContain('| `A` | `30` | seconds to wait |');
    expect(doc).toContain("| `B` | half the machine's cores, at least 1 | a folder |");
    expect(doc).toContain('| `C` | unset | a \\| b |');
  });

  it('refuses a variable without a description', () => {
    expect(() => renderConfigDoc(z.object({ X: z.string().optional() }))).toThrow(/X has no \.describe\(\)/);
  });
});
