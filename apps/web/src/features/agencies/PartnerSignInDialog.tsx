import {
  PARTNER_MSG,
  type PartnerSignInAnswer,
  SSO_ALGORITHMS,
  type SsoAlgorithm,
  savePartnerSignInBody,
} from '@dm/shared';
import {
  Button,
  Checkbox,
  Code,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMemo } from 'react';
import { FormActions, FormAlert, useFormSubmit, useResetOnOpen, useZodForm } from '../../lib/form';
import { usePartnerSignIn, useRemovePartnerSignIn, useSavePartnerSignIn } from './queries';

type Draft = {
  center_id: number;
  enabled: boolean;
  issuer: string;
  keys: string;
  algorithms: SsoAlgorithm[];
  login_url: string;
  password_login: boolean;
};

function draftOf(centerId: number, answer: PartnerSignInAnswer | undefined): Draft {
  const p = answer?.partner;
  return {
    center_id: centerId,
    enabled: p?.enabled ?? true,
    issuer: p?.issuer ?? '',
    keys: p?.keys ?? '',
    algorithms: p?.algorithms ?? ['RS256', 'ES256'],
    login_url: p?.loginUrl ?? '',
    password_login: p?.passwordLogin ?? true,
  };
}

/**
 * The master admin's partner sign-in settings of one agency (decision 019): the partner's issuer,
 * its public keys (checked by the server; a private key is refused), the algorithms accepted, its
 * login page, and whether the agency's users may still sign in with a password.
 */
export function PartnerSignInDialog({
  center,
  onClose,
}: {
  center: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const centerId = center?.id ?? 0;
  const partner = usePartnerSignIn(center ? center.id : null);
  const initial = useMemo(() => draftOf(centerId, partner.data), [centerId, partner.data]);
  const { form } = useZodForm<Draft>(savePartnerSignInBody, initial);
  useResetOnOpen(form, center !== null && partner.isSuccess, initial);
  const save = useSavePartnerSignIn(centerId);
  const remove = useRemovePartnerSignIn(centerId);
  const submit = useFormSubmit(form, (values) => save.mutateAsync(savePartnerSignInBody.parse(values)), {
    onDone: onClose,
  });
  const input = (field: keyof Draft) => form.getInputProps(field);

  return (
    <Modal
      opened={center !== null}
      onClose={onClose}
      title={`Partner sign-in: ${center?.name ?? ''}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {partner.isPending ? (
        <Loader aria-label="Loading" />
      ) : (
        <form noValidate onSubmit={form.onSubmit(submit.submit)}>
          <Stack>
            <Text size="sm">
              The partner site signs a token (a JWT of at most 5 minutes, with a unique jti) naming the user
              by e-mail, and sends the browser to the login page with it as <Code>sso_token</Code>. Its
              audience must be <Code>{partner.data?.audience}</Code>.
            </Text>
            <FormAlert message={submit.error ?? (remove.error ? remove.error.message : null)} />
            <Switch label="Partner sign-in on" {...form.getInputProps('enabled', { type: 'checkbox' })} />
            <TextInput
              label="Issuer"
              description="The iss of the partner's tokens"
              required
              {...input('issuer')}
            />
            <Textarea
              label="Partner public keys"
              description="A PEM public key or certificate, a JWK or a JWK set. Never a private key."
              required
              rows={6}
              styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
              {...input('keys')}
            />
            <Checkbox.Group label="Signature algorithms accepted" required {...input('algorithms')}>
              <SimpleGrid cols={{ base: 3, sm: 5 }} mt="xs">
                {SSO_ALGORITHMS.map((a) => (
                  <Checkbox key={a} value={a} label={a} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <TextInput
              label="Partner login URL"
              description="Where users of this agency are sent to sign in"
              required
              {...input('login_url')}
            />
            <Switch
              label="Users of this agency may still sign in with a password"
              description={`Off: a password login is sent to the partner's login page ("${PARTNER_MSG.PARTNER_LOGIN}")`}
              {...form.getInputProps('password_login', { type: 'checkbox' })}
            />
            <Group justify="space-between">
              {partner.data?.partner ? (
                <Button
                  color="red"
                  variant="light"
                  loading={remove.isPending}
                  onClick={() => remove.mutate(undefined, { onSuccess: onClose })}
                >
                  Remove partner
                </Button>
              ) : (
                <span />
              )}
              <FormActions onCancel={onClose} busy={submit.busy} submitLabel="Save partner" />
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
