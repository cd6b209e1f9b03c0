import { canOpen, pagePath } from '@dm/shared';
import { Button, Checkbox } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { subjectOf, useSession } from '../../lib/session';

/** Comparison is limited to 3 donors (donor-forms spec section 9). */
export const COMPARE_MAX = 3;

export interface CompareSelection {
  /** The caller may open /comparedonors (clients of a comparing center, agency staff). */
  enabled: boolean;
  ids: number[];
  toggle(donorId: number, on: boolean): void;
}

/**
 * The donors picked for /comparedonors on a list (favourites, search results). Off for callers
 * the page table keeps from the comparison, so every list offers it to the same roles.
 */
export function useCompareSelection(): CompareSelection {
  const { user } = useSession();
  const [ids, setIds] = useState<number[]>([]);
  return {
    enabled: user !== null && canOpen(subjectOf(user), 'comparedonors'),
    ids,
    toggle: (donorId, on) =>
      setIds((current) =>
        on
          ? current.includes(donorId) || current.length >= COMPARE_MAX
            ? current
            : [...current, donorId]
          : current.filter((id) => id !== donorId),
      ),
  };
}

/** "Compare selected (n/3)": opens the comparison once two or three donors are picked. */
export function CompareSelectedButton({ selection }: { selection: CompareSelection }) {
  if (!selection.enabled) return null;
  const ready = selection.ids.length >= 2;
  return (
    <Button
      component={Link}
      to={`${pagePath('comparedonors')}?ids=${selection.ids.join(',')}`}
      disabled={!ready}
      aria-disabled={!ready}
      onClick={(event) => {
        if (!ready) event.preventDefault();
      }}
    >
      Compare selected ({selection.ids.length}/{COMPARE_MAX})
    </Button>
  );
}

/** The tick that puts one donor into the comparison (disabled once three are picked). */
export function CompareCheckbox({
  selection,
  donorId,
  label,
  text,
}: {
  selection: CompareSelection;
  donorId: number;
  /** Names the donor for screen readers: "Compare {label}". */
  label: string;
  /** A visible label beside the box (cards); tables leave it to the column header. */
  text?: string;
}) {
  if (!selection.enabled) return null;
  const checked = selection.ids.includes(donorId);
  return (
    <Checkbox
      aria-label={`Compare ${label}`}
      label={text}
      checked={checked}
      disabled={!checked && selection.ids.length >= COMPARE_MAX}
      onChange={(event) => selection.toggle(donorId, event.currentTarget.checked)}
    />
  );
}
