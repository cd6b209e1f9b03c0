import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ZodType } from 'zod';
import { ApiError } from '../lib/api';

/**
 * A dialog with one name field, checked by the same zod rule as the server, that saves through
 * `onSave` and shows the server's message in the field when it refuses. Used for saved searches
 * and portfolios (create, rename, copy).
 */
export function NameDialog(props: {
  opened: boolean;
  title: string;
  label: string;
  initial: string;
  rule: ZodType<string>;
  submitLabel?: string;
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { opened, initial, rule, onSave, onClose } = props;
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (opened) {
      setName(initial);
      setError(null);
    }
  }, [opened, initial]);
  const submit = async () => {
    const parsed = rule.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setBusy(true);
    try {
      await onSave(parsed.data);
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={props.title}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={props.label}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {props.submitLabel ?? 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
