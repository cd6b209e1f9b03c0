import { type CarrierComparison, ROLE } from '@dm/shared';
import { createContext, type ReactNode, useContext } from 'react';
import { useSession } from '../../lib/session';
import { CarrierCompatibilityLine } from './CarrierPanel';
import { useCarrierCompatibility } from './queries';

const Compatibility = createContext<ReadonlyMap<number, CarrierComparison> | null>(null);

/**
 * One compatibility request for a page of donor cards (a parent's results against each card's
 * donor); the cards read their line from it. Staff and parents without results see no line.
 */
export function CarrierCompatibilityProvider({
  donorIds,
  children,
}: {
  donorIds: number[];
  children: ReactNode;
}) {
  const { user } = useSession();
  const compat = useCarrierCompatibility(donorIds, null, user?.role === ROLE.CLIENT);
  const map = new Map<number, CarrierComparison>();
  for (const d of compat.data?.donors ?? []) if (d.comparison) map.set(d.donorId, d.comparison);
  return <Compatibility.Provider value={map}>{children}</Compatibility.Provider>;
}

/** A card's carrier screening line, when its donor and the parent both have results. */
export function CarrierCardLine({ donorId }: { donorId: number }) {
  const comparison = useContext(Compatibility)?.get(donorId);
  return comparison ? <CarrierCompatibilityLine comparison={comparison} compact /> : null;
}
