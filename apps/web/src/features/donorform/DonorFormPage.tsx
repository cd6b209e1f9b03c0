import {
  autoSubmitOnSubmitTab,
  type BlankField,
  DONOR_FORM_TAB_LABELS,
  DONOR_FORM_TABS,
  type DonorFormStatus,
  type DonorFormTab,
  defaultFamilyRelations,
  type FieldChange,
  isReviewState,
  isSavableTab,
  MSG,
  pagePath,
  ROLE,
  type SavableTab,
  TEMPLATE_TABS,
  tabAt,
  tabNumber,
  tabOpen,
} from '@dm/shared';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  List,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { useUnsavedChangesGuard } from '../agencies/useUnsavedChangesGuard';
import {
  CustomQuestionsFields,
  initialAnswers,
  userAnswersOf,
  validateCustomAnswers,
} from '../questions/CustomQuestionsFields';
import { useDonorQuestions, useSubmitAnswers } from '../questions/queries';
import { DonorMediaTab } from '../uploads/DonorMediaTab';
import { AgencyContactCard } from './AgencyContactCard';
import type { Values } from './fields';
import {
  formKeys,
  reviewForm,
  saveFormTab,
  saveLastVisited,
  submitForm,
  useChanges,
  useFormFields,
  useFormStatus,
  useFormTab,
} from './queries';
import {
  CharacteristicsTabView,
  DiseaseTabView,
  EducationTabView,
  FamilyHealthTabView,
  GeneralTabView,
  GuidelinesTabView,
  normaliseHeights,
  PastDonationTabView,
  PersonalHealthTabView,
  type TabProps,
} from './tabs';

const VIEWS: Record<SavableTab, (props: TabProps) => ReactNode> = {
  general: GeneralTabView,
  personalHealth: PersonalHealthTabView,
  personalCharacterstics: CharacteristicsTabView,
  familyHealth: FamilyHealthTabView,
  disease: DiseaseTabView,
  pastDonation: PastDonationTabView,
  educationDetails: EducationTabView,
};

/** What is sent: rows without a chosen name are dropped, selects' strings become numbers. */
function formDataOf(tab: SavableTab, values: Values): Values {
  if (tab === 'general') {
    const v = normaliseHeights(values);
    return {
      ...v,
      contactType: v.contactType === null || v.contactType === undefined ? 0 : Number(v.contactType),
    };
  }
  if (tab === 'personalCharacterstics') {
    const named = (list: unknown) => (Array.isArray(list) ? list.filter((e) => e.name) : []);
    return { ...values, races: named(values.races), ethnicities: named(values.ethnicities) };
  }
  return values;
}

/** A new family-health tab starts with the default relations (Self only where the center says so). */
function withDefaults(tab: DonorFormTab, data: Values, selfOnly: boolean): Values {
  if (tab !== 'familyHealth' || (Array.isArray(data.members) && data.members.length > 0)) return data;
  return {
    ...data,
    members: defaultFamilyRelations(selfOnly).map((relation) => ({
      relation,
      applicable: true,
      living: true,
    })),
  };
}

/** The keys a change touches, for highlighting: the field and, in a list, section.index.field. */
function changedKeys(changes: readonly FieldChange[]): Set<string> {
  const keys = new Set<string>();
  for (const c of changes) {
    keys.add(c.field);
    keys.add(c.field.split('.')[0]!);
  }
  return keys;
}

const show = (v: unknown) =>
  v === null || v === undefined || v === '' ? '—' : Array.isArray(v) ? v.join(', ') : String(v);

function ChangesPanel({ changes, version }: { changes: readonly FieldChange[]; version: number }) {
  return (
    <Paper withBorder p="sm" bg="yellow.0">
      <Title order={3} size="h5" mb="xs">
        Changes in version {version}
      </Title>
      {changes.length === 0 ? (
        <Text size="sm">No changes on this tab.</Text>
      ) : (
        <Table aria-label="Changed fields">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
              <Table.Th>Before</Table.Th>
              <Table.Th>After</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((c) => (
              <Table.Tr key={c.field} data-changed="true">
                <Table.Td>{c.field}</Table.Td>
                <Table.Td>{show(c.before)}</Table.Td>
                <Table.Td>
                  <mark>{show(c.after)}</mark>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** The admin/manager decision on a form under review, with a message e-mailed to the donor. */
function ReviewPanel({
  donorId,
  status,
  onDone,
}: {
  donorId: number;
  status: DonorFormStatus;
  onDone: () => void;
}) {
  const [decision, setDecision] = useState<'accept' | 'reject' | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  if (!isReviewState(status.availability)) return null;
  const what =
    status.availability === 'General Info Pending Review'
      ? 'initial form'
      : status.availability === 'Main Form Pending Review'
        ? 'main form'
        : 'changes';
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between">
        <Text>
          Status: <b>{status.availability}</b>
        </Text>
        <Group>
          <Button onClick={() => setDecision('accept')}>Accept {what}</Button>
          <Button color="red" variant="light" onClick={() => setDecision('reject')}>
            Reject {what}
          </Button>
        </Group>
      </Group>
      <Modal
        opened={decision !== null}
        onClose={() => setDecision(null)}
        title={`${decision === 'accept' ? 'Accept' : 'Reject'} ${what}`}
      >
        <Stack>
          <Textarea
            label="Message to the donor"
            description="Sent by e-mail and shown on her home page."
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            rows={4}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDecision(null)}>
              Cancel
            </Button>
            <Button
              loading={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  await reviewForm({ donorId, decision: decision!, message });
                  setDecision(null);
                  setMessage('');
                  onDone();
                } finally {
                  setBusy(false);
                }
              }}
            >
              Send
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function MiscellaneousTab({ donorId, readOnly }: { donorId: number; readOnly: boolean }) {
  const questions = useDonorQuestions(donorId);
  const submit = useSubmitAnswers(donorId);
  const list = questions.data ?? [];
  const [answers, setAnswers] = useState(() => initialAnswers(list, 'miscellaneous'));
  const [errors, setErrors] = useState<Record<number, string>>({});
  useEffect(() => {
    if (questions.data) setAnswers(initialAnswers(questions.data, 'miscellaneous'));
  }, [questions.data]);
  if (questions.isPending) return <Loader role="status" aria-label="Loading" />;
  if (!list.some((q) => q.tab === 'miscellaneous' && q.isActive)) return <Text>No further questions.</Text>;
  return (
    <Stack>
      <CustomQuestionsFields
        questions={list}
        tab="miscellaneous"
        answers={answers}
        errors={errors}
        readOnly={readOnly}
        onChange={(id, answer) => setAnswers((a) => ({ ...a, [id]: answer }))}
      />
      {!readOnly && (
        <Group>
          <Button
            loading={submit.isPending}
            onClick={() => {
              const problems = validateCustomAnswers(list, 'miscellaneous', answers);
              setErrors(problems);
              if (Object.keys(problems).length > 0) return;
              submit.mutate({
                donorId,
                tab: 'miscellaneous',
                userAnswers: userAnswersOf(list, 'miscellaneous', answers),
              });
            }}
          >
            Save answers
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function SubmitTab({
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

/** A donor without an accepted pre-form is sent to it with the spec's warning. */
function PreformFirst() {
  useEffect(() => notify('warning', MSG.FILL_PREFORM), []);
  return <Navigate to={pagePath('preform')} replace />;
}

/**
 * /donorform/{id?}/{page?}/{mode?}/{version?}: the 11-tab donor form. The donor fills her own;
 * admin and manager open a donor's in preview (admins may edit), review the initial and main
 * forms, and see a change set highlighted (mode 'changes', version).
 */
export default function DonorFormPage() {
  const params = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const isDonor = user?.role === ROLE.DONOR;
  const donorId = isDonor ? (user?.userId ?? null) : params.id ? Number(params.id) : null;
  const status = useFormStatus(donorId);
  const mode = params.mode === 'preview' || params.mode === 'changes' ? params.mode : null;
  const version = params.version ? Number(params.version) : null;
  const requested = params.page ? tabAt(Number(params.page)) : null;
  const page = requested ?? (status.data ? tabAt(status.data.landingPage) : null) ?? 'general';
  const [blank, setBlank] = useState<BlankField[] | null>(null);
  const [highlightBlank, setHighlightBlank] = useState<BlankField[]>([]);

  const s = status.data;
  const readOnly =
    !s ||
    mode !== null ||
    user?.role === ROLE.MANAGER ||
    (isDonor && (s.preview || !tabOpen(s.availability, page)));

  const tabQuery = useFormTab(donorId, page, isSavableTab(page));
  const formFields = useFormFields(donorId).data;
  const tabFields = formFields?.tabs.find((t) => t.tab === page);
  const template =
    tabFields && (TEMPLATE_TABS as readonly string[]).includes(page)
      ? { hidden: tabFields.hidden, labels: tabFields.labels }
      : undefined;
  const changes = useChanges(donorId, version, mode === 'changes' && version !== null);
  const changeSet = changes.data?.[0] ?? null;
  const [saved, setSaved] = useState<Values>({});
  const [draft, setDraft] = useState<Values>({});
  const [error, setError] = useState<string | null>(null);
  const [errorField, setErrorField] = useState<string | null>(null);
  const [showChanges, setShowChanges] = useState(false);

  useEffect(() => {
    if (!tabQuery.data || !s) return;
    const data = withDefaults(page, tabQuery.data.data, s.centerSettings.selfOnlyRelations);
    setSaved(data);
    setDraft(data);
    setError(null);
  }, [tabQuery.data, page, s]);

  // 'User Not Found' sends the user home (error catalogue); the wrapper has shown the message.
  const lostUser = [status.error, tabQuery.error].some(
    (e) => e instanceof ApiError && e.message === MSG.USER_NOT_FOUND,
  );
  useEffect(() => {
    if (lostUser) navigate('/');
  }, [lostUser, navigate]);

  // A scraped-profile donor's form was submitted for her as she opened it.
  const autoSubmitted = s?.autoSubmitted === true;
  useEffect(() => {
    if (autoSubmitted) notify('success', MSG.MAIN_FORM_SUBMITTED);
  }, [autoSubmitted]);

  // The spec highlights changes after 300 ms.
  useEffect(() => {
    setShowChanges(false);
    if (mode !== 'changes') return;
    const timer = setTimeout(() => setShowChanges(true), 300);
    return () => clearTimeout(timer);
  }, [mode]);

  const dirty = isSavableTab(page) && !readOnly && JSON.stringify(draft) !== JSON.stringify(saved);

  const save = useCallback(async (): Promise<boolean> => {
    if (!donorId || !isSavableTab(page)) return true;
    try {
      const result = await saveFormTab(donorId, page, formDataOf(page, draft));
      notify('success', result.changeVersion ? MSG.FORM_CHANGES_RECORDED : MSG.DONOR_FORM_SAVED);
      setError(null);
      setErrorField(null);
      setSaved(draft);
      await queryClient.invalidateQueries({ queryKey: formKeys.all });
      return true;
    } catch (e) {
      if (e instanceof ApiError) {
        setError(e.message);
        setErrorField((e.data as { field?: string } | null)?.field ?? null);
      }
      return false;
    }
  }, [donorId, page, draft, queryClient]);

  const confirmLeave = useUnsavedChangesGuard({ dirty, save, discard: () => setDraft(saved) });

  const base = isDonor ? (donorId ?? '') : (params.id ?? '');
  const goTo = (tab: DonorFormTab) =>
    confirmLeave(() => {
      setDraft(saved);
      if (isDonor) void saveLastVisited(tabNumber(tab));
      const m = mode === 'changes' ? 'changes' : mode;
      navigate(
        pagePath('donorform', {
          id: base,
          page: tabNumber(tab),
          mode: m ?? undefined,
          version: m === 'changes' ? (version ?? undefined) : undefined,
        }),
      );
    });

  const highlight = useMemo(() => {
    const keys = new Set<string>();
    for (const b of highlightBlank) if (b.tab === page) keys.add(b.field);
    if (errorField) keys.add(errorField);
    if (showChanges && changeSet && changeSet.tab === page)
      for (const k of changedKeys(changeSet.changes)) keys.add(k);
    return keys;
  }, [highlightBlank, page, errorField, showChanges, changeSet]);

  if (isDonor && user?.donor?.preFormStatus !== 1) return <PreformFirst />;
  if (!donorId) return <Alert color="red">No donor selected.</Alert>;
  if (status.isPending || !s) {
    return (
      <Center h="40vh">
        <Loader role="status" aria-label="Loading" />
      </Center>
    );
  }

  const refresh = () => queryClient.invalidateQueries({ queryKey: formKeys.all });
  const blankTabs = new Set(highlightBlank.map((b) => b.tab));
  const View = isSavableTab(page) ? VIEWS[page] : null;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Donor form
        </Title>
        <Group>
          <Badge size="lg" variant="light">
            {s.availability}
          </Badge>
          {readOnly && <Badge color="gray">Read only</Badge>}
        </Group>
      </Group>
      {isDonor && s.availability === 'Rejected Initial Form' && <AgencyContactCard />}
      {!isDonor && s.eligibility && !s.eligibility.eligible && (
        <Alert color="orange" title="Outside the agency's range">
          By the form's answers this donor is outside the agency's{' '}
          {s.eligibility.reasons.map((r) => (r === 'age' ? 'age range' : 'BMI range')).join(' and ')}.
        </Alert>
      )}
      {!isDonor && <ReviewPanel donorId={donorId} status={s} onDone={refresh} />}
      {!isDonor && s.pendingChangeVersion !== null && mode !== 'changes' && (
        <Button
          variant="light"
          onClick={() =>
            navigate(
              pagePath('donorform', {
                id: donorId,
                page: tabNumber(page),
                mode: 'changes',
                version: s.pendingChangeVersion!,
              }),
            )
          }
        >
          View pending changes (version {s.pendingChangeVersion})
        </Button>
      )}
      {mode === 'changes' && changeSet && (
        <Group>
          <Text size="sm">
            Version {changeSet.version} changed the {DONOR_FORM_TAB_LABELS[changeSet.tab as DonorFormTab]} tab
            ({changeSet.status}).
          </Text>
          {changeSet.tab !== page && (
            <Button size="xs" variant="subtle" onClick={() => goTo(changeSet.tab as DonorFormTab)}>
              Open the changed tab
            </Button>
          )}
        </Group>
      )}
      <Tabs value={page} onChange={(v) => v && goTo(v as DonorFormTab)} keepMounted={false}>
        <Tabs.List>
          {DONOR_FORM_TABS.map((tab) => (
            <Tabs.Tab
              key={tab}
              value={tab}
              disabled={isDonor && !tabOpen(s.availability, tab)}
              color={blankTabs.has(tab) ? 'red' : undefined}
            >
              {tabNumber(tab)}. {DONOR_FORM_TAB_LABELS[tab]}
              {blankTabs.has(tab) ? ' (!)' : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Paper withBorder p="md" component="section" aria-label={DONOR_FORM_TAB_LABELS[page]}>
        <Title order={2} size="h4" mb="sm">
          {DONOR_FORM_TAB_LABELS[page]}
        </Title>
        {showChanges && changeSet && changeSet.tab === page && (
          <ChangesPanel changes={changeSet.changes} version={changeSet.version} />
        )}
        {page === 'guidelines' && <GuidelinesTabView />}
        {View &&
          (tabQuery.isPending ? (
            <Loader role="status" aria-label="Loading" />
          ) : (
            <View
              values={draft}
              set={(patch) => setDraft((d) => ({ ...d, ...patch }))}
              readOnly={readOnly}
              highlight={highlight}
              settings={s.centerSettings}
              template={template}
              clinicLabel={formFields?.clinicLabel}
            />
          ))}
        {page === 'miscellaneous' && <MiscellaneousTab donorId={donorId} readOnly={readOnly} />}
        {page === 'uploadPhotos' && <DonorMediaTab donorId={donorId} readOnly={readOnly} />}
        {page === 'submitForm' && (
          <SubmitTab
            status={s}
            isDonor={isDonor}
            onSubmitted={() => {
              setHighlightBlank([]);
              void refresh();
            }}
            onBlank={(list) => {
              setBlank(list);
              setHighlightBlank(list);
            }}
          />
        )}
        {error && (
          <Alert color="red" mt="md" role="alert" title="Not saved">
            {error}
          </Alert>
        )}
        {View && !readOnly && (
          <Group mt="md" justify="flex-end">
            <Button variant="default" disabled={!dirty} onClick={() => setDraft(saved)}>
              Cancel changes
            </Button>
            <Button onClick={save} disabled={!dirty}>
              Save
            </Button>
          </Group>
        )}
      </Paper>
      <Modal opened={blank !== null} onClose={() => setBlank(null)} title="Blank mandatory fields">
        <Stack>
          <Text>{MSG.MANDATORY_REMAINING}</Text>
          <List>
            {(blank ?? []).map((b) => (
              <List.Item key={`${b.tab}.${b.field}`}>
                {DONOR_FORM_TAB_LABELS[b.tab]}: {b.label}
              </List.Item>
            ))}
          </List>
          <Group justify="flex-end">
            <Button onClick={() => setBlank(null)}>OK</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
