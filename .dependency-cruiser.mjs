// The rooms of the code, checked by `npm run rooms` (part of `npm test`'s static step): which file may import which
// (docs/architecture.md §1 and "Module directions"). One rule file per concern, in scripts/rooms/.
import cycles from './scripts/rooms/cycles.mjs';
import server from './scripts/rooms/server.mjs';
import web from './scripts/rooms/web.mjs';
import testSupport from './scripts/rooms/test-support.mjs';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [...cycles, ...server, ...web, ...testSupport],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '\\.test-data/', 'bench/results/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};
