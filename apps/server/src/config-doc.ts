// Renders docs/configuration.md from the environment schema (ZEnv), so the table of settings cannot drift from the code.
// `npm run config-doc` writes it; config-doc.test.ts fails when the file and the schema disagree.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ZEnv } from './config.ts';

export const CONFIG_DOC_PATH = path.resolve(import.meta.dirname, '../../../docs/configuration.md');

/** A description's trailing "Default: …": the default in words, for one computed at start-up or not in the schema. */
const DEFAULT_IN_WORDS = /\.\s+Default:\s+(.+)$/s;

/** A value as the table shows it: in backticks, as it would be written in the environment. */
function literal(value: unknown): string {
  return `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
}

/** Markdown table cells hold no pipe or line break of their own. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

/** One variable's row: its name, its default (from the schema, or in words) and its meaning. */
function row(name: string, field: z.ZodType): string {
  const description = field.description;
  if (description === undefined) throw new Error(`${name} has no .describe() in ZEnv (apps/server/src/config.ts)`);
  const words = DEFAULT_IN_WORDS.exec(description);
  const meaning = words ? description.slice(0, words.index) : description;
  const fallback =
    words?.[1]?.replace(/\.$/, '') ?? (field instanceof z.ZodDefault ? literal(field.def.defaultValue) : 'unset');
  return `| \`${name}\` | ${cell(fallback)} | ${cell(meaning)} |`;
}

/** The whole of docs/configuration.md. */
export function renderConfigDoc(schema: z.ZodObject = ZEnv): string {
  const rows = Object.entries(schema.shape).map(([name, field]) => row(name, field as z.ZodType));
  return [
    '# Configuration',
    '',
    '<!-- Generated from ZEnv in apps/server/src/config.ts by `npm run config-doc`; edit the descriptions there. -->',
    '',
    'All settings come from the environment; none is needed to start (`npm start` runs on its own embedded',
    'PostgreSQL). An empty variable counts as unset. A value the server cannot use stops the start-up with one line',
    'naming the variable and what is wrong with it. Running on a PostgreSQL server, behind a proxy or as several',
    'processes: [operations.md](operations.md).',
    '',
    '| variable | default | meaning |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(CONFIG_DOC_PATH, renderConfigDoc());
  console.log(`wrote ${path.relative(process.cwd(), CONFIG_DOC_PATH)}`);
}
