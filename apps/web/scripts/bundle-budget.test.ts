import { describe, expect, it } from 'vitest';
import {
  ENTRY,
  measurePages,
  staticClosure,
  wireSize,
  type Manifest,
  type PageBudget,
} from './bundle-budget';
import { bytesPerSource, decodeSegment } from './module-sizes';

// A made-up build: the entry imports a runtime chunk statically; two lazy pages share a chunk and
// one of them imports the entry back (as real page chunks do).
const manifest: Manifest = {
  [ENTRY]: {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_runtime.js'],
    dynamicImports: ['src/a.tsx', 'src/b.tsx', 'src/new-page.tsx'],
    css: ['assets/index.css'],
  },
  '_runtime.js': { file: 'assets/runtime.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_runtime.js'] },
  'src/a.tsx': { file: 'assets/a.js', isDynamicEntry: true, imports: [ENTRY, '_shared.js'] },
  'src/b.tsx': {
    file: 'assets/b.js',
    isDynamicEntry: true,
    imports: ['_shared.js'],
    css: ['assets/b.css'],
  },
  'src/new-page.tsx': { file: 'assets/new-page.js', isDynamicEntry: true, imports: [ENTRY] },
};
const bytes: Record<string, number> = {
  'assets/index.js': 1000,
  'assets/runtime.js': 100,
  'assets/shared.js': 300,
  'assets/a.js': 200,
  'assets/b.js': 50,
  'assets/new-page.js': 5000,
  'assets/index.css': 70,
  'assets/b.css': 7,
};
// Wire size is a tenth of the raw size here, so a module's brotli share is a tenth of its bytes.
const size = (file: string) => ({ raw: bytes[file]! * 10, wire: bytes[file]! });

const budgets: PageBudget[] = [
  { id: 'first', label: 'sign-in', sources: [ENTRY], optional: ['src/login.tsx'], budget: 1100, goal: 900 },
  { id: 'a', label: 'page a', sources: ['src/a.tsx'], after: ['first'], budget: 500 },
  { id: 'b', label: 'page b', sources: ['src/b.tsx'], after: ['first'], budget: 400 },
];

describe('the size budgets', () => {
  it('follows static imports only, with their CSS', () => {
    const { js, css } = staticClosure(manifest, [ENTRY]);
    expect([...js].sort()).toEqual(['assets/index.js', 'assets/runtime.js']);
    expect([...css]).toEqual(['assets/index.css']);
  });

  it('counts the first script and what it imports, and each page less what came before it', () => {
    const [first, a, b] = measurePages(manifest, size, undefined, budgets);
    expect(first).toMatchObject({ files: ['assets/index.js', 'assets/runtime.js'], brotli: 1100, css: 70 });
    expect(a).toMatchObject({ files: ['assets/a.js', 'assets/shared.js'], brotli: 500, css: 0 });
    expect(b).toMatchObject({ files: ['assets/b.js', 'assets/shared.js'], brotli: 350, css: 7 });
  });

  it('is over budget only above the budget, and a lazy page nobody named changes nothing', () => {
    const pages = measurePages(manifest, size, undefined, budgets);
    expect(pages.map((p) => p.over)).toEqual([false, false, false]);
    const tighter = budgets.map((b) => (b.id === 'first' ? { ...b, budget: 1099 } : b));
    expect(measurePages(manifest, size, undefined, tighter).map((p) => p.over)).toEqual([true, false, false]);
  });

  it('counts the sign-in page as a chunk of its own once it is one', () => {
    const lazyLogin: Manifest = {
      ...manifest,
      'src/login.tsx': { file: 'assets/login.js', isDynamicEntry: true, imports: [ENTRY] },
    };
    bytes['assets/login.js'] = 40;
    const [first] = measurePages(lazyLogin, size, undefined, budgets);
    expect(first!.brotli).toBe(1140);
    expect(first!.over).toBe(true);
  });

  it('names the largest modules of a page, added up over its files', () => {
    const modules = {
      'assets/index.js': {
        'node_modules/react-dom/x.js': 6000,
        'apps/web/src/main.tsx': 1000,
        '(bundler)': 9000,
      },
      'assets/runtime.js': { 'apps/web/src/main.tsx': 500, 'node_modules/tiny/y.js': 10 },
    };
    const [first] = measurePages(manifest, size, modules, budgets, 2);
    expect(first!.largest).toEqual([
      { module: 'node_modules/react-dom/x.js', bytes: 6000, brotli: 600 },
      { module: 'apps/web/src/main.tsx', bytes: 1500, brotli: 150 },
    ]);
  });

  it('fails loudly when a budgeted page is not in the build', () => {
    const gone = [...budgets, { id: 'c', label: 'page c', sources: ['src/c.tsx'], budget: 1 }];
    expect(() => measurePages(manifest, size, undefined, gone)).toThrow(/src\/c\.tsx is not in the build/);
  });

  it('sends a file as brotli, or as it is when that is smaller', () => {
    const text = Buffer.from('const a = 1;\n'.repeat(200));
    expect(wireSize(text)).toBeLessThan(100);
    expect(wireSize(Buffer.from('x'))).toBe(1);
  });
});

describe('bytes per module from a source map', () => {
  it('decodes base64 VLQ fields', () => {
    expect(decodeSegment('AAAA')).toEqual([0, 0, 0, 0]);
    expect(decodeSegment('CCAA')).toEqual([1, 1, 0, 0]);
    expect(decodeSegment('gBDF')).toEqual([16, -1, -2]);
  });

  it('gives each generated run to the source of the mapping that starts it, in UTF-8 bytes', () => {
    // Line 1: "ab" — a from x, b from y; line 2: "cก" from y (ก is 3 bytes); the newline is glue.
    const sizes = bytesPerSource('ab\ncก', { sources: ['x', 'y'], mappings: 'AAAA,CCAA;AAAA' });
    expect(Object.fromEntries(sizes)).toEqual({ x: 1, y: 5, null: 1 });
  });

  it('counts what no mapping covers as glue', () => {
    const sizes = bytesPerSource('xyz', { sources: ['s'], mappings: 'EAAA' });
    expect(Object.fromEntries(sizes)).toEqual({ null: 2, s: 1 });
  });
});
