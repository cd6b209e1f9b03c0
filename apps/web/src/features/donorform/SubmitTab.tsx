import { autoSubmitOnSubmitTab, type BlankField, type DonorFormStatus, MSG } from '@dm/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { submitForm } from './queries';

/** The submit tab: the initial or main form sent for review, blank mandatory fields reported. */
export function SubmitTab({
  status,
  isDonor,
  onSubmitted,
  onBlank,
}: {
  status: DonorFormStatus;
  isDonor: boolean;
  onSubmitted: () => void;
  onBlank: (blank: BlankField[]) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState<'initial' | 'main' | null>(null);
  const submittedDialog = (
    <Modal
      opened={submitted !== null}
      onClose={() => setSubmitted(null)}
      title={submitted === 'initial' ? 'Initial form submitted' : 'Donor form submitted'}
    >
      <Stack>
        <Text>{submitted === 'initial' ? MSG.INITIAL_FORM_SUBMITTED : MSG.MAIN_FORM_SUBMITTED}</Text>
        <Group justify="flex-end">
          <Button onClick={() => setSubmitted(null)}>OK</Button>
        </Group>
      </Stack>
    </Modal>
  );
  const kind = status.initialStage ? 'initial' : 'main';
  const canSubmit = status.initialStage || status.canSubmitMain;
  // Opening the submit tab submits the main form where compensation is visible (not in preview).
  const auto = isDonor && !status.initialStage && autoSubmitOnSubmitTab(status);
  const [autoTried, setAutoTried] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening of the tab
  useEffect(() => {
    if (auto && !autoTried) {
      setAutoTried(true);
      void run();
    }
  }, [auto, autoTried]);
  if (!isDonor) return <Text>Status: {status.availability}</Text>;
  async function run() {
    setBusy(true);
    try {
      const result = await submitForm(kind);
      setSubmitted(kind);
      onSubmitted();
      return result;
    } catch (error) {
      if (error instanceof ApiError) {
        const blank = (error.data as { blank?: BlankField[] } | null)?.blank;
        if (blank) onBlank(blank);
        else notify(error.message === MSG.DONOR_FORM_ALREADY_SUBMIT ? 'warning' : 'error', error.message);
      }
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack>
      {submittedDialog}
      <Text>
        Your status: <b>{status.availability}</b>
      </Text>
      {canSubmit ? (
        <Group>
          <Button loading={busy} onClick={run}>
            {kind === 'initial' ? 'Submit initial form' : 'Submit donor form'}
          </Button>
        </Group>
      ) : (
        <Text c="dimmed">
          {status.preview ? 'Your form is with the agency for review.' : 'Nothing to submit right now.'}
        </Text>
      )}
    </Stack>
  );
}
