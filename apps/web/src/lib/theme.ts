import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  darken,
  defaultVariantColorsResolver,
  Loader,
  type MantineTheme,
  Modal,
  mergeMantineTheme,
  parseThemeColor,
  rem,
  type VariantColorsResolver,
} from '@mantine/core';

/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** Contrast ratio of two colours (1 to 21), from Mantine's relative luminance. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminanceOf(a), luminanceOf(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

function luminanceOf(color: string): number {
  const hex = color.replace('#', '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const channel = (i: number) => {
    const s = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** The colour darkened in small steps until it reaches 4.5:1 against the background. */
function darkenUntilReadable(color: string, background: string): string {
  let out = color;
  for (let step = 0; step < 40 && contrastRatio(out, background) < MIN_TEXT_CONTRAST; step++) {
    out = toHex(darken(out, 0.04));
  }
  return out;
}

/** Mantine's darken answers rgba(); the ratio needs the hex form back. */
function toHex(color: string): string {
  if (color.startsWith('#')) return color;
  const parts = color
    .match(/[\d.]+/g)
    ?.slice(0, 3)
    .map(Number) ?? [0, 0, 0];
  return `#${parts.map((n) => Math.round(n).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The light and filled variants of every theme colour, chosen so their text stays at 4.5:1 or
 * more in every state. Mantine's defaults draw the light variant's text (shade 9) on
 * shade 1 and, under the pointer, on shade 2: violet falls to 4.3:1 there, green, orange, lime and
 * yellow are under 4.5 even at rest; white on the filled shade 8 is under 4.5 for green, teal,
 * cyan, orange, lime and yellow. Here the light variant is shade 0, shade 1 under the pointer,
 * with text darkened until it reads on shade 1; the filled variant is darkened until white reads
 * on it, and darker still under the pointer. A selected chip, a current menu entry, a light
 * badge or button and a filled button all take these variables.
 */
export function readableVariantColors(theme: MantineTheme): Record<string, string> {
  const shade = typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.light;
  const variables: Record<string, string> = {};
  for (const [name, scale] of Object.entries(theme.colors)) {
    const filled = darkenUntilReadable(scale[shade], '#ffffff');
    variables[`--mantine-color-${name}-light`] = scale[0];
    variables[`--mantine-color-${name}-light-hover`] = scale[1];
    variables[`--mantine-color-${name}-light-color`] = darkenUntilReadable(scale[9], scale[1]);
    variables[`--mantine-color-${name}-filled`] = filled;
    variables[`--mantine-color-${name}-filled-hover`] = toHex(darken(filled, 0.1));
    variables[`--mantine-color-${name}-outline`] = filled;
  }
  return variables;
}

/**
 * The variants of a theme colour given with a shade (`color="red.9"`), readable the same way.
 * Mantine paints such a light variant's background in the shade itself while its text stays the
 * light-colour variable above (shade 9, darkened to read on shade 1): violet.9 came out violet
 * text on violet, 1:1, and an alert's black text on red.9 3.8:1. Its filled variant turns to
 * shade 8 under the pointer, lighter than shade 9 (white on teal 8 is 3.9:1), and its subtle and
 * transparent text is shade 6 at most (red 6 on white is 3.3:1). Here the shade names the ink:
 * the light, subtle, outline and transparent variants draw it, darkened until it reads on
 * shade 1, over the palette's light pair (shade 0, shade 1 under the pointer); the filled
 * variant is painted in it, darkened until white reads on it, and darker still under the pointer.
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color, theme: input.theme });
  if (!parsed.isThemeColor || parsed.shade === undefined) return resolved;
  const scale = input.theme.colors[parsed.color];
  const ink = darkenUntilReadable(scale[parsed.shade], scale[1]);
  switch (input.variant) {
    case 'filled': {
      const background = darkenUntilReadable(scale[parsed.shade], '#ffffff');
      return { ...resolved, background, hover: toHex(darken(background, 0.1)) };
    }
    case 'light':
      return { ...resolved, background: scale[0], hover: scale[1], color: ink };
    case 'subtle':
      return { ...resolved, hover: scale[1], color: ink };
    case 'outline':
      return { ...resolved, hover: scale[0], color: ink, border: `${rem(1)} solid ${ink}` };
    case 'transparent':
      return { ...resolved, color: ink };
    default:
      return resolved;
  }
};

export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: readableVariantColors(theme),
  dark: {},
});

export const theme = createTheme({
  primaryColor: 'violet',
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  variantColorResolver,
  components: {
    // Every dialog's close button has a name (Mantine's is an unlabelled icon).
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // Loaders are named (aria-label); a name needs a role, or axe flags a prohibited attribute.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
  },
});

/** The theme as Mantine completes it (default colours filled in), for the tests. */
export const resolvedTheme: MantineTheme = mergeMantineTheme(DEFAULT_THEME, theme);
