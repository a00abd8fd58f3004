// The built web app as the product serves it keeps its source private: no bundle points to a source map, and no
// source map is served (the build writes them hidden; the server refuses *.map).
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';

const ASSETS = path.resolve(import.meta.dirname, '../apps/web/dist/assets');

describe('source maps', () => {
  it('no built script or stylesheet names one, and GET /assets/*.map is 404 for every bundle and every map on disk', async () => {
    const baseUrl = inject('baseUrl');
    const files = await fs.readdir(ASSETS);
    const bundles = files.filter((f) => /\.(js|css)$/.test(f));
    expect(bundles.some((f) => f.endsWith('.js'))).toBe(true);
    for (const bundle of bundles) {
      const served = await fetch(`${baseUrl}/assets/${bundle}`);
      expect(served.status, bundle).toBe(200);
      expect(await served.text(), bundle).not.toMatch(/sourceMappingURL/);
    }
    const maps = new Set([...bundles.map((f) => `${f}.map`), ...files.filter((f) => f.endsWith('.map'))]);
    for (const map of maps) {
      const r = await fetch(`${baseUrl}/assets/${map}`, { headers: { accept: '*/*' } });
      expect(r.status, map).toBe(404);
      expect(await r.text(), map).not.toContain('"mappings"');
    }
  });
});
