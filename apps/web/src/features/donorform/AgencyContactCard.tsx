import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useAgencyContact } from './queries';

/** The agency's contact details for a donor whose initial form was rejected (spec section 4). */
export function AgencyContactCard() {
  const contact = useAgencyContact(true).data;
  if (!contact) return null;
  return (
    <Alert color="orange" title="Contact your agency" role="region" aria-label="Contact your agency">
      <Stack gap={2}>
        <Text size="sm">
          Your initial form was not accepted. Please contact {contact.name} about the next steps.
        </Text>
        {contact.email ? (
          <Text size="sm">
            E-mail: <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
          </Text>
        ) : null}
        {contact.contactNo ? <Text size="sm">Phone: {contact.contactNo}</Text> : null}
        {contact.address ? <Text size="sm">Address: {contact.address}</Text> : null}
      </Stack>
    </Alert>
  );
}
