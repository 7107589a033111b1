// A build plugin: how many bytes of each built chunk every source module takes after minifying,
// read from the chunk's source map, written to `.vite/module-sizes.json` beside Vite's manifest.
// `npm run check:bundle` (scripts/check-bundle.mjs) reads it to name the largest modules of the
// first script. The source maps serve only this: they are dropped from the output, so the portal
// ships none (and the chunks are byte for byte those of a build without them).
import path from 'node:path';
import type { Plugin } from 'vite';

export const MODULE_SIZES_FILE = '.vite/module-sizes.json';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** One segment of a source map's `mappings`: its base64 VLQ fields, still relative. */
export function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`Not a base64 VLQ digit: ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return fields;
}

/**
 * The UTF-8 bytes of `code` each source produced: every generated column run belongs to the
 * source of the mapping that starts it. Runs without a source (the bundler's glue) are `null`'s.
 */
export function bytesPerSource(
  code: string,
  map: { sources: (string | null)[]; mappings: string },
): Map<string | null, number> {
  const sizes = new Map<string | null, number>();
  const add = (source: string | null, text: string) =>
    sizes.set(source, (sizes.get(source) ?? 0) + Buffer.byteLength(text));
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  let sourceIndex = 0;
  lines.forEach((line, lineNo) => {
    const runs: { column: number; source: string | null }[] = [];
    let column = 0;
    for (const segment of (mappingLines[lineNo] ?? '').split(',')) {
      if (!segment) continue;
      const fields = decodeSegment(segment);
      column += fields[0] ?? 0;
      if (fields.length >= 4) sourceIndex += fields[1] ?? 0;
      runs.push({ column, source: fields.length >= 4 ? (map.sources[sourceIndex] ?? null) : null });
    }
    if (runs.length === 0 || runs[0]!.column > 0) runs.unshift({ column: 0, source: null });
    runs.forEach((run, i) => add(run.source, line.slice(run.column, runs[i + 1]?.column)));
    if (lineNo < lines.length - 1) add(null, '\n');
  });
  return sizes;
}

/** `node_modules/<package>/…` or the path from the repository's root. */
function moduleName(file: string, root: string): string {
  const inPackage = file.lastIndexOf('/node_modules/');
  if (inPackage >= 0) return file.slice(inPackage + 1);
  return path.relative(root, file).split(path.sep).join('/');
}

export function moduleSizes({ root }: { root: string }): Plugin {
  return {
    name: 'portal-module-sizes',
    apply: 'build',
    generateBundle(options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk' || !output.map) continue;
        const mapDir = path.resolve(options.dir ?? '', path.dirname(fileName));
        const sizes: Record<string, number> = {};
        for (const [source, bytes] of bytesPerSource(output.code, output.map)) {
          const name = source === null ? '(bundler)' : moduleName(path.resolve(mapDir, source), root);
          sizes[name] = (sizes[name] ?? 0) + bytes;
        }
        chunks[fileName] = sizes;
      }
      for (const fileName of Object.keys(bundle)) if (fileName.endsWith('.map')) delete bundle[fileName];
      this.emitFile({
        type: 'asset',
        fileName: MODULE_SIZES_FILE,
        source: `${JSON.stringify({ chunks }, null, 1)}\n`,
      });
    },
  };
}
