import { describe, expect, it } from 'vitest';
import { contrastRatio, MIN_TEXT_CONTRAST, readableVariantColors, resolvedTheme } from './theme';

const vars = readableVariantColors(resolvedTheme);
const names = Object.keys(resolvedTheme.colors);

describe('theme variant colours (issue 17)', () => {
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
