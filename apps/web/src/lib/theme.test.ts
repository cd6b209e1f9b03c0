import { describe, expect, it } from 'vitest';
import { contrastRatio, MIN_TEXT_CONTRAST, readableVariantColors, resolvedTheme } from './theme';

const vars = readableVariantColors(resolvedTheme);
const names = Object.keys(resolvedTheme.colors);

describe('theme variant colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 1);
    expect(contrastRatio('#5f3dc4', '#5f3dc4')).toBe(1);
    // Mantine's own light variant under the pointer: violet 9 on violet 2, the fault seen.
    const violet = resolvedTheme.colors.violet;
    expect(contrastRatio(violet[9], violet[2])).toBeLessThan(MIN_TEXT_CONTRAST);
  });

  it.each(names)('%s: light variant text reads at rest and under the pointer', (name) => {
    const text = vars[`--mantine-color-${name}-light-color`];
    expect(contrastRatio(text, vars[`--mantine-color-${name}-light`])).toBeGreaterThanOrEqual(
      MIN_TEXT_CONTRAST,
    );
    expect(contrastRatio(text, vars[`--mantine-color-${name}-light-hover`])).toBeGreaterThanOrEqual(
      MIN_TEXT_CONTRAST,
    );
  });

  it.each(names)(
    '%s: white reads on the filled variant, at rest and under the pointer; outline reads on white',
    (name) => {
      expect(contrastRatio('#ffffff', vars[`--mantine-color-${name}-filled`])).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
      expect(contrastRatio('#ffffff', vars[`--mantine-color-${name}-filled-hover`])).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
      expect(contrastRatio(vars[`--mantine-color-${name}-outline`], '#ffffff')).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
    },
  );

  it('keeps the brand colour where it already reads', () => {
    // violet 8 carries white at 6.3:1: the primary buttons keep their colour.
    expect(vars['--mantine-color-violet-filled']).toBe(resolvedTheme.colors.violet[8]);
  });
});

/**
 * A colour the variant resolver answers, as painted on the white page: a CSS variable of the
 * theme, a translucent rgba() over white, transparent as the white below.
 */
function painted(value: string): string {
  if (value === 'transparent') return '#ffffff';
  const variable = value.match(/^var\((--mantine-color-[a-z0-9-]+)\)$/)?.[1];
  if (variable) {
    if (vars[variable]) return vars[variable];
    const [, name, shade] = variable.match(/^--mantine-color-([a-z]+)-(\d)$/) ?? [];
    if (name && shade) return resolvedTheme.colors[name]![Number(shade)]!;
    if (variable === '--mantine-color-white') return resolvedTheme.white;
    throw new Error(`no value for ${variable}`);
  }
  const rgba = value.match(/^rgba?\(([^)]+)\)$/)?.[1];
  if (rgba) {
    const [r, g, b, a = 1] = rgba.split(/[\s,]+/).map(Number);
    const over = (c: number) => Math.round(c * a + 255 * (1 - a));
    return `#${[r, g, b].map((c) => over(c!).toString(16).padStart(2, '0')).join('')}`;
  }
  if (/^#[0-9a-f]{6}$/i.test(value)) return value;
  throw new Error(`cannot paint ${value}`);
}

const VARIANTS = ['filled', 'light', 'subtle', 'outline', 'transparent'] as const;
const shaded = names.flatMap((name) => [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((shade) => `${name}.${shade}`));

describe('variants of a theme colour with a shade', () => {
  it.each(shaded)(
    "%s: every variant's text reads on its background, at rest and under the pointer",
    (color) => {
      for (const variant of VARIANTS) {
        const v = resolvedTheme.variantColorResolver({ color, theme: resolvedTheme, variant });
        const text = painted(v.color);
        for (const [state, background] of [
          ['at rest', v.background],
          ['under the pointer', v.hover],
        ])
          expect(
            contrastRatio(text, painted(background!)),
            `${variant} ${color} ${state}: ${v.color} on ${background}`,
          ).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }
    },
  );

  it.each(shaded)("%s: an alert's black message reads on the light variant", (color) => {
    const v = resolvedTheme.variantColorResolver({ color, theme: resolvedTheme, variant: 'light' });
    expect(contrastRatio(resolvedTheme.black, painted(v.background))).toBeGreaterThanOrEqual(
      MIN_TEXT_CONTRAST,
    );
  });
});
