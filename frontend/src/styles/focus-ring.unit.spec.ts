import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The stylesheet itself is read: jsdom applies no CSS, and the ring's colours are the thing under test. */
const css = readFileSync(join(__dirname, 'global.css'), 'utf8');

/** The declarations of the top-level rule written exactly as `selector`. */
function declarations(selector: string): Record<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const body = css.match(new RegExp(`^${escaped} \\{([^}]*)\\}`, 'm'))?.[1] ?? '';
  return Object.fromEntries([...body.matchAll(/([\w-]+)\s*:\s*([^;]+);/g)].map(([, property, value]) => [property, value.trim()]));
}

const variables = declarations(':root');

/** The hex colour a declaration paints with, custom properties resolved. */
function colourOf(value: string): string | undefined {
  return value.replace(/var\((--[\w-]+)\)/g, (_, name: string) => variables[name] ?? '').match(/#[0-9a-f]{6}\b/i)?.[0];
}

/** WCAG 2 relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const focusVisible = declarations(':focus-visible');

/** The ring's colours: the outline's and, for a second tone, the box-shadow's. */
const tones = [focusVisible.outline, focusVisible['box-shadow']]
  .map((value) => (value ? colourOf(value) : undefined))
  .filter((colour): colour is string => colour !== undefined);

describe('global focus ring', () => {
  it.each([
    ['white surfaces', '--color-surface'],
    ['the page background', '--color-bg'],
    ['orange buttons', '--color-accent'],
    ['hovered orange buttons', '--color-accent-strong'],
    ['the dark header', '--color-header'],
    ['the nav bar', '--color-header-2'],
  ])('has a tone at 3:1 or more on %s', (_, background) => {
    const best = Math.max(...tones.map((tone) => contrast(tone, variables[background])));
    expect(best).toBeGreaterThanOrEqual(3);
  });

  it('is two tones at 3:1 or more from each other, so it reads on photos too', () => {
    expect(tones).toHaveLength(2);
    expect(contrast(tones[0], tones[1])).toBeGreaterThanOrEqual(3);
  });
});
