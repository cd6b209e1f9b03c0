import { canOpen, NO_SHARED_CARRIER_LABEL, pagePath } from '@dm/shared';
import { Anchor, Checkbox, Text } from '@mantine/core';
import { Link } from 'react-router';
import { subjectOf, useSession } from '../../lib/session';
import { useParentPanels } from './queries';

/**
 * The search filter "No shared carrier genes with my results": offered to a parent
 * with results; one without is pointed to her carrier screening page. Only a parent who may open
 * that page asks for her results (a Pre-Active parent may search but not keep results: the
 * server would refuse the call).
 */
export function CarrierFilterCheckbox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { user } = useSession();
  const client = user !== null && canOpen(subjectOf(user), 'carrierscreening');
  const panels = useParentPanels(client && user ? user.userId : null);
  if (!client || !panels.data) return null;
  if (!panels.data.self && !panels.data.sperm_source) {
    return (
      <Text fz="sm">
        <Anchor component={Link} to={pagePath('carrierscreening', {})}>
          Enter your carrier screening results
        </Anchor>{' '}
        to find donors with no shared carrier genes.
      </Text>
    );
  }
  return (
    <Checkbox
      label={NO_SHARED_CARRIER_LABEL}
      description="Donors whose results share no carrier gene with yours, every carried gene tested by both"
      checked={checked}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}
