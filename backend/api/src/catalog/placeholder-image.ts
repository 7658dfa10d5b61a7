/**
 * Generated artwork for the demo catalogue: card art is copyrighted, so the demo draws a card-shaped
 * (or banner-shaped) picture with the name on it instead. Same label, same picture.
 */
const SHAPES = {
  card: { width: 421, height: 614 },
  set: { width: 600, height: 340 },
  slide: { width: 2000, height: 720 },
  'slide-mobile': { width: 1080, height: 720 },
} as const;

export type PlaceholderKind = keyof typeof SHAPES;

export function isPlaceholderKind(kind: string): kind is PlaceholderKind {
  return Object.hasOwn(SHAPES, kind);
}

function hue(label: string): number {
  let hash = 0;
  for (const char of label) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash % 360;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

/** Splits a name into lines of at most `width` characters, at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && (last + ' ' + word).length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, 5);
}

export function placeholderSvg(kind: PlaceholderKind, label: string): string {
  const { width, height } = SHAPES[kind];
  const h = hue(label);
  const fontSize = Math.round(width / (kind === 'card' ? 13 : 22));
  const lines = wrap(label, kind === 'card' ? 16 : 34);
  const firstY = height / 2 - ((lines.length - 1) * fontSize * 1.25) / 2;
  const text = lines
    .map((line, i) => `<tspan x="50%" y="${Math.round(firstY + i * fontSize * 1.25)}">${escapeXml(line)}</tspan>`)
    .join('');
  const frame = kind === 'card' ? Math.round(width * 0.06) : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h},55%,38%)"/><stop offset="1" stop-color="hsl(${(h + 50) % 360},60%,18%)"/></linearGradient></defs>
<rect width="${width}" height="${height}" rx="${kind === 'card' ? 16 : 0}" fill="url(#g)"/>
${frame ? `<rect x="${frame}" y="${frame}" width="${width - 2 * frame}" height="${height - 2 * frame}" rx="8" fill="none" stroke="hsl(${h},70%,75%)" stroke-width="4"/>` : ''}
<text font-family="Georgia, serif" font-size="${fontSize}" font-weight="700" fill="#fff" text-anchor="middle" dominant-baseline="middle">${text}</text>
</svg>`;
}
