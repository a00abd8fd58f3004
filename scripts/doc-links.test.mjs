// Every relative link of README.md and docs/ leads to a file, so a moved or renamed page cannot leave a dead link.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** README.md and every .md file under docs/, as paths from the repository's top. */
export function markdownFiles(root = ROOT) {
  const files = ['README.md'];
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) files.push(rel);
    }
  };
  walk('docs');
  return files;
}

/** The link targets of a markdown text, leaving out code blocks and code spans (where brackets are not links). */
export function linkTargets(markdown) {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
  const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
  const reference = [...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((m) => m[1]);
  return [...inline, ...reference];
}

/** The relative links of one file that resolve to nothing: external links and pure #anchors are not checked. */
export function brokenLinks(file, root = ROOT) {
  const text = readFileSync(path.join(root, file), 'utf8');
  return linkTargets(text).filter((target) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) return false;
    const filePart = decodeURIComponent(target.split('#')[0].split('?')[0]);
    return !existsSync(path.resolve(path.join(root, path.dirname(file)), filePart));
  });
}

describe('documentation links', () => {
  it('finds links, leaving out code and external addresses', () => {
    const targets = linkTargets(
      '[a](docs/a.md) ![b](img.png "t") `[c](d.md)` [e](https://x.org) [f](#g)\n```\n[h](i.md)\n```\n[r]: docs/r.md\n',
    );
    expect(targets).toEqual(['docs/a.md', 'img.png', 'https://x.org', '#g', 'docs/r.md']);
  });

  it('has no relative link in README.md or docs/ that leads to no file', () => {
    const broken = markdownFiles().flatMap((file) => brokenLinks(file).map((target) => `${file}: ${target}`));
    expect(broken).toEqual([]);
  });
});
