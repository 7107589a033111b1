import path from 'node:path';

/**
 * The API's layers (docs/architecture.md): `lib/`, `db/` and `compensation/` are libraries that import
 * no module, surface, job or seed; a module is used from outside only through its `index.ts`
 * (`modules/<name>`), so what it keeps inside can change without touching its users; modules import
 * nothing of the surfaces, jobs, seed or the app. Targets are resolved from the importing file, so
 * any depth of `../` is caught and a new module is covered without listing it here.
 */
const SRC = path.join(import.meta.dirname, '../apps/api/src');
const MODULES = path.join(SRC, 'modules');
const LIBRARIES = ['lib', 'db', 'compensation'];
const ABOVE_MODULES = ['surfaces', 'jobs', 'seed', 'app', 'server'];
/** What libraries may not import either: the HTTP layer stands on them. */
const HTTP = ['plugins'];

const topOf = (file) => path.relative(SRC, file).split(path.sep)[0].replace(/\.ts$/, '');
const moduleOf = (file) => {
  const rel = path.relative(MODULES, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep)[0];
};

export const apiLayers = {
  meta: {
    type: 'problem',
    docs: { description: "The API's layers and module boundaries" },
    messages: {
      library:
        "'{{from}}/' is a library and may not import '{{to}}' ({{source}}): pass what it needs in, or move the code up.",
      deep: "Import the '{{module}}' module through its index.ts ('{{index}}'), not its inside ({{source}}); export what is needed there.",
      upward:
        "A module may not import '{{to}}' ({{source}}): surfaces, jobs and the seed stand on the modules, not under them.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const rel = path.relative(SRC, file);
    if (rel.startsWith('..') || path.isAbsolute(rel)) return {};
    const fromTop = topOf(file);
    const fromModule = moduleOf(file);
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const to = path.relative(SRC, target);
      if (to.startsWith('..') || path.isAbsolute(to)) return;
      const toTop = topOf(target);
      if (
        LIBRARIES.includes(fromTop) &&
        (toTop === 'modules' || ABOVE_MODULES.includes(toTop) || HTTP.includes(toTop))
      ) {
        context.report({ node, messageId: 'library', data: { from: fromTop, to, source } });
        return;
      }
      if (fromModule && ABOVE_MODULES.includes(toTop)) {
        context.report({ node, messageId: 'upward', data: { to, source } });
        return;
      }
      const toModule = moduleOf(target);
      if (!toModule || toModule === fromModule) return;
      const inside = path.relative(path.join(MODULES, toModule), target);
      if (inside === '' || inside === 'index') return;
      const index = path.relative(path.dirname(file), path.join(MODULES, toModule)) || '.';
      context.report({
        node,
        messageId: 'deep',
        data: { module: toModule, index: index.startsWith('.') ? index : `./${index}`, source },
      });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
