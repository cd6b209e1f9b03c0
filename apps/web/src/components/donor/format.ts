import { cmToFeetInches } from '@dm/shared';

/** A height as feet and inches (5′6″), as the cards and lists show it. */
export function formatHeight(cm: number | null): string {
  if (cm === null) return 'Not given';
  const { feet, inches } = cmToFeetInches(cm);
  return `${feet}′${inches}″`;
}
