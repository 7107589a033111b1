import zlib from 'node:zlib';

/**
 * The text a PDF made by pdfkit draws, in drawing order: each content stream's glyph codes (TJ/Tj)
 * mapped back to Unicode through the ToUnicode map of the font selected (Tf) when they are drawn.
 * Enough to read our own certificates in a test (Type0 fonts with two-byte codes), not a general
 * PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream: string | null }>();
  const objRe = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = objRe.exec(text); m; m = objRe.exec(text)) {
    const body = m[2]!;
    const s = body.indexOf('stream');
    if (s < 0) {
      objects.set(m[1]!, { dict: body, stream: null });
      continue;
    }
    const start =
      m.index +
      m[0].indexOf('stream') +
      'stream'.length +
      (text[m.index + m[0].indexOf('stream') + 6] === '\r' ? 2 : 1);
    const end = text.indexOf('endstream', start);
    const raw = pdf.subarray(start, end);
    let stream: string;
    try {
      stream = zlib.inflateSync(raw).toString('latin1');
    } catch {
      stream = raw.toString('latin1');
    }
    objects.set(m[1]!, { dict: body.slice(0, s), stream });
  }
  const cmapOf = (ref: string) => {
    const map = new Map<number, string>();
    const cmap = objects.get(ref)?.stream ?? '';
    // A glyph may stand for several characters (a ligature: <0066 0069> is "fi").
    const hex = (h: string) =>
      String.fromCharCode(...(h.replace(/\s/g, '').match(/.{4}/g) ?? []).map((x) => Number.parseInt(x, 16)));
    for (const r of cmap.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
      const first = Number.parseInt(r[1]!, 16);
      [...r[3]!.matchAll(/<([0-9a-f\s]+)>/gi)].forEach((v, i) => map.set(first + i, hex(v[1]!)));
    }
    // Single codes, only within bfchar sections (a range's array holds pairs that look the same).
    for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
      for (const r of block[1]!.matchAll(/<([0-9a-f]{4})>\s*<([0-9a-f\s]+)>/gi))
        map.set(Number.parseInt(r[1]!, 16), hex(r[2]!));
    return map;
  };
  // Font resource names (/F1) → their ToUnicode maps.
  const fonts = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    for (const f of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(f[2]!)?.dict ?? '';
      const uni = /\/ToUnicode (\d+) 0 R/.exec(font);
      if (uni && !fonts.has(f[1]!)) fonts.set(f[1]!, cmapOf(uni[1]!));
    }
  }
  let out = '';
  for (const { stream } of objects.values()) {
    if (!stream || !/\bBT\b/.test(stream)) continue;
    let current = new Map<number, string>();
    for (const op of stream.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\]\s*TJ|<([0-9a-f]*)>\s*Tj|\bET\b/gi)) {
      if (op[1]) current = fonts.get(op[1]) ?? new Map();
      else if (op[0] === 'ET') out += '\n';
      else
        for (const h of (op[2] ?? `<${op[3]}>`).matchAll(/<([0-9a-f]*)>/gi))
          for (const code of h[1]!.match(/.{4}/g) ?? []) out += current.get(Number.parseInt(code, 16)) ?? '';
    }
  }
  return out;
}
