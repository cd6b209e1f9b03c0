import { Stack, Text, Title } from '@mantine/core';
import { AuthLayout } from '../../components/AuthLayout';
import { useAgency } from '../../lib/agency';

/** [heading, paragraph] */
const SECTIONS: [string, string][] = [
  [
    'What we collect',
    'Your name, e-mail address, contact number and address; what you tell us in your profile and intake form; the donors you search for, save and ask about; your messages to our team; and, when you buy a service, your payment records (the card itself is handled by our payment provider, never stored by us).',
  ],
  [
    'Why we use it',
    'To find donors for you and support your match; to contact you about your account, your requests and the services you asked for; to send the newsletter only when you chose it; and to keep the service safe and working.',
  ],
  [
    'Who sees it',
    'Only the staff of your agency who support you. Donors never see your name or contact details. We do not sell your information. Service providers (e-mail, text messages, payments, hosting) process it for us under contract and for these purposes only.',
  ],
  [
    'How long we keep it',
    'For as long as your account is open and afterwards only as long as the law requires (for example payment records).',
  ],
  [
    'Your choices',
    'You can see and correct your profile at any time, turn notification e-mails and text messages off, unsubscribe from the newsletter with the link in each issue, and ask your agency for a copy of your data or for its deletion.',
  ],
];

/**
 * /privacy-policy (beyond the spec's route list): the policy the concierge upgrade asks
 * the client to accept, open to everyone like the other pages before sign-in.
 */
export default function PrivacyPolicyPage() {
  const agency = useAgency();
  const name = agency.data?.agency.appTitle ?? 'Donor Match';
  return (
    <AuthLayout title="Privacy policy" width={720}>
      <Stack>
        <Text>
          This policy explains how {name} and your agency handle your personal information when you use this
          site.
        </Text>
        {SECTIONS.map(([heading, text]) => (
          <section key={heading}>
            <Title order={2} fz="h4" mb={4}>
              {heading}
            </Title>
            <Text>{text}</Text>
          </section>
        ))}
      </Stack>
    </AuthLayout>
  );
}
