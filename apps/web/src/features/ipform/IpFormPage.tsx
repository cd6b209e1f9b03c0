import {
  IP_FORM_TAB_LABELS,
  IP_FORM_TABS,
  type IpFormDetails,
  type IpFormSavableTab,
  type IpFormTab,
  ipFertilitySchema,
  ipGeneralSchema,
  ipPersonalSchema,
  ROLE,
} from '@dm/shared';
import {
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { bodySchema, FormAlert, messageOf, useZodForm } from '../../lib/form';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { Fields, RepeatingSection, type Values } from '../donorform/fields';
import { GeneralLocation } from './GeneralLocation';
import { IpFormReview } from './IpFormReview';
import {
  CYCLE_FIELDS,
  FERTILITY_FIELDS,
  fertilityBody,
  fertilityValues,
  GENERAL_DATES,
  GENERAL_QUESTIONS,
  generalBody,
  generalValues,
  PERSONAL_FIELDS,
  personalBody,
  personalInputOf,
  personalValid,
  personalValues,
} from './ipFormValues';
import { ipFormKeys, saveIpFormTab, submitIpForm, useIpFormDetails } from './queries';

type Form = UseFormReturnType<Values>;

const TO_BODY: Record<IpFormSavableTab, (v: Values) => unknown> = {
  general: generalBody,
  personalCharacteristics: personalBody,
  fertilityHistory: fertilityBody,
};

/** A form's messages keyed by the inputs they belong to (a height's message on its feet select). */
function errorsOf(form: Form, inputOf: (field: string) => string = (f) => f): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(form.errors)) {
    if (message) out[inputOf(field)] = String(message);
  }
  return out;
}

const isDirty = (form: Form, initial: Values) => JSON.stringify(form.values) !== JSON.stringify(initial);

/**
 * /ipform/{id?}/{mode?}: the intended-parent form. The parent fills four tabs (general,
 * personal characteristics, fertility history, confirm), each saved on its own, and submits it
 * from the last; staff of the parent's center (the users grid's "IP form") and mode 'preview'
 * read it only. Leaving the page with unsaved changes asks first (a parent's tab change does
 * not: the tabs keep their edits); the tabs after personal characteristics open only while it is
 * valid; a form that cannot be loaded sends the user home.
 */
export default function IpFormPage() {
  const params = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, refresh } = useSession();
  const isClient = user?.role === ROLE.CLIENT;
  const userId = params.id ? Number(params.id) : isClient ? (user?.userId ?? null) : null;
  const details = useIpFormDetails(userId && Number.isInteger(userId) && userId > 0 ? userId : null);
  const data = details.data;
  const readOnly = data?.access !== 'edit' || params.mode === 'preview';
  const [tab, setTab] = useState<IpFormTab>('general');
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Another parent or mode on the same mounted page starts again at the first tab.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on the address's id and mode
  useEffect(() => {
    setTab('general');
    setConfirmed(false);
    setError(null);
  }, [params.id, params.mode]);

  // The values each tab started from (the server's answer), the dirty baseline.
  const initial = useMemo(
    () => ({
      general: data?.general ? generalValues(data.general) : {},
      personalCharacteristics: data?.personalCharacteristics
        ? personalValues(data.personalCharacteristics)
        : {},
      fertilityHistory: data?.fertilityHistory ? fertilityValues(data.fertilityHistory) : {},
    }),
    [data],
  );
  const general = useZodForm<Values>(bodySchema(ipGeneralSchema, generalBody), {}).form;
  const personal = useZodForm<Values>(bodySchema(ipPersonalSchema, personalBody), {}).form;
  const fertility = useZodForm<Values>(bodySchema(ipFertilitySchema, fertilityBody), {}).form;
  const forms: Record<IpFormSavableTab, Form> = {
    general,
    personalCharacteristics: personal,
    fertilityHistory: fertility,
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form objects change every render
  useEffect(() => {
    for (const key of Object.keys(forms) as IpFormSavableTab[]) {
      forms[key].setInitialValues(initial[key]);
      forms[key].setValues(initial[key]);
      forms[key].clearErrors();
    }
  }, [initial]);

  // A form that cannot be loaded (not found, the center has it off, no parent chosen) sends home.
  const failed = details.isError || (user !== null && userId === null);
  useEffect(() => {
    if (!failed) return;
    if (details.error) notify('error', messageOf(details.error));
    navigate('/', { replace: true });
  }, [failed, details.error, navigate]);

  const dirtyTabs = readOnly
    ? []
    : (Object.keys(forms) as IpFormSavableTab[]).filter((key) => isDirty(forms[key], initial[key]));

  /** Saves one tab; false when its checks or the server refuse it (the messages shown). */
  const saveTab = async (key: IpFormSavableTab): Promise<boolean> => {
    if (!userId) return false;
    const form = forms[key];
    if (form.validate().hasErrors) {
      setTab(key);
      return false;
    }
    setError(null);
    try {
      const answer = await saveIpFormTab(userId, key, TO_BODY[key](form.values));
      queryClient.setQueryData<IpFormDetails>(ipFormKeys.details(userId), (old) =>
        old ? { ...old, [key]: answer[key] } : old,
      );
      return true;
    } catch (e) {
      setTab(key);
      setError(messageOf(e));
      return false;
    }
  };

  const saveAll = async (): Promise<boolean> => {
    for (const key of dirtyTabs) if (!(await saveTab(key))) return false;
    return true;
  };
  const discardAll = () => {
    for (const key of Object.keys(forms) as IpFormSavableTab[]) forms[key].setValues(initial[key]);
  };
  useUnsavedChangesGuard({ dirty: dirtyTabs.length > 0, save: saveAll, discard: discardAll });

  const canAdvance = readOnly || personalValid(personal.values);
  const locked = (t: IpFormTab) =>
    !canAdvance && IP_FORM_TABS.indexOf(t) > IP_FORM_TABS.indexOf('personalCharacteristics');

  const next = async (key: IpFormSavableTab) => {
    if (key === 'personalCharacteristics' && !readOnly && personal.validate().hasErrors) return;
    // Save and next saves even an untouched tab, so a new form's defaults are stored too.
    if (!readOnly && !(await saveTab(key))) return;
    setTab(IP_FORM_TABS[IP_FORM_TABS.indexOf(key) + 1] ?? 'confirm');
  };

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      if (!(await saveAll())) return;
      const result = await submitIpForm();
      queryClient.setQueryData<IpFormDetails>(ipFormKeys.details(userId ?? 0), (old) =>
        old ? { ...old, submittedAt: result.submittedAt } : old,
      );
      await refresh();
      notify('success', 'IP form submitted successfully.');
      navigate('/');
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  if (!data || failed) {
    return (
      <Center h="40vh">
        <Loader role="status" aria-label="Loading" />
      </Center>
    );
  }

  const actions = (key: IpFormSavableTab) =>
    readOnly ? (
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => next(key)}>
          Next
        </Button>
      </Group>
    ) : (
      <Group justify="flex-end" mt="md">
        <Button
          variant="default"
          disabled={!dirtyTabs.includes(key)}
          onClick={() => forms[key].setValues(initial[key])}
        >
          Cancel changes
        </Button>
        <Button variant="light" disabled={!dirtyTabs.includes(key)} onClick={() => void saveTab(key)}>
          Save
        </Button>
        <Button onClick={() => void next(key)}>Save and next</Button>
      </Group>
    );

  const fieldProps = (form: Form, inputOf?: (field: string) => string) => ({
    values: form.values,
    readOnly,
    errors: errorsOf(form, inputOf),
    onChange: (key: string, value: unknown) => form.setFieldValue(key, value),
  });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Intended parent form
        </Title>
        <Group>
          {data.submittedAt ? (
            <Badge color="green" size="lg" variant="light">
              Submitted
            </Badge>
          ) : null}
          {readOnly ? <Badge color="gray">Read only</Badge> : null}
        </Group>
      </Group>
      <Tabs value={tab} onChange={(v) => v && !locked(v as IpFormTab) && setTab(v as IpFormTab)}>
        <Tabs.List>
          {IP_FORM_TABS.map((t, i) => (
            <Tabs.Tab key={t} value={t} disabled={locked(t)}>
              {i + 1}. {IP_FORM_TAB_LABELS[t]}
              {dirtyTabs.includes(t as IpFormSavableTab) ? ' *' : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Paper withBorder p="md" component="section" aria-label={IP_FORM_TAB_LABELS[tab]}>
        <Title order={2} size="h4" mb="sm">
          {IP_FORM_TAB_LABELS[tab]}
        </Title>
        {tab === 'general' && (
          <Stack>
            <GeneralLocation
              values={general.values}
              readOnly={readOnly}
              errors={errorsOf(general)}
              onChange={(patch) => general.setValues(patch)}
            />
            <Fields defs={GENERAL_DATES} cols={3} {...fieldProps(general)} />
            <Fields defs={GENERAL_QUESTIONS} cols={1} {...fieldProps(general)} />
            {actions('general')}
          </Stack>
        )}
        {tab === 'personalCharacteristics' && (
          <Stack>
            <Text size="sm" c="dimmed">
              Heights in feet and inches, weights in pounds.
            </Text>
            <Fields defs={PERSONAL_FIELDS} cols={2} {...fieldProps(personal, personalInputOf)} />
            {actions('personalCharacteristics')}
          </Stack>
        )}
        {tab === 'fertilityHistory' && (
          <Stack>
            <Fields defs={FERTILITY_FIELDS} cols={2} {...fieldProps(fertility)} />
            <RepeatingSection
              title="Previous treatment cycles"
              itemLabel="Cycle"
              section="cycles"
              defs={CYCLE_FIELDS}
              rows={Array.isArray(fertility.values.cycles) ? (fertility.values.cycles as Values[]) : []}
              onRows={(rows) => fertility.setFieldValue('cycles', rows)}
              newRow={() => ({ treatment: null, year: null, outcome: null })}
              readOnly={readOnly}
            />
            {actions('fertilityHistory')}
          </Stack>
        )}
        {tab === 'confirm' && (
          <Stack>
            <IpFormReview
              general={generalBody(general.values)}
              personal={{ ...personalBody(personal.values) }}
              fertility={fertility.values}
            />
            {!readOnly && isClient ? (
              <>
                <Checkbox
                  label="I confirm that the information in this form is accurate."
                  checked={confirmed}
                  onChange={(e) => setConfirmed(e.currentTarget.checked)}
                />
                <Group justify="flex-end">
                  <Button onClick={() => void submit()} disabled={!confirmed} loading={busy}>
                    Submit
                  </Button>
                </Group>
              </>
            ) : null}
          </Stack>
        )}
        <FormAlert message={error} title="Not saved" mt="md" />
      </Paper>
    </Stack>
  );
}
