import { NO_SHARED_CARRIER_LABEL, pagePath, ROLE } from '@dm/shared';
import { Anchor, Checkbox, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { useParentPanels } from './queries';

/**
 * The search filter "No shared carrier genes with my results" (issue 24): offered to a parent
 * with results; one without is pointed to her carrier screening page.
 */
export function CarrierFilterCheckbox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { user } = useSession();
  const client = user?.role === ROLE.CLIENT;
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
