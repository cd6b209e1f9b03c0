import {
  type BlankField,
  DONOR_FORM_TAB_LABELS,
  DONOR_FORM_TABS,
  type DonorFormTab,
  isSavableTab,
  MSG,
  mayEditDonorFormTab,
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
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { FormAlert } from '../../lib/form';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { DonorMediaTab } from '../uploads/DonorMediaTab';
import { AgencyContactCard } from './AgencyContactCard';
import { MiscellaneousTab } from './MiscellaneousTab';
import { formKeys, saveLastVisited, useChanges, useFormFields, useFormStatus, useFormTab } from './queries';
import { ChangesPanel, changedKeys, ReviewPanel } from './ReviewPanels';
import { SubmitTab } from './SubmitTab';
import {
  CharacteristicsTabView,
  DiseaseTabView,
  EducationTabView,
  FamilyHealthTabView,
  GeneralTabView,
  GuidelinesTabView,
  PastDonationTabView,
  PersonalHealthTabView,
  type TabProps,
} from './tabs';
import { useTabForm } from './useTabForm';

const VIEWS: Record<SavableTab, (props: TabProps) => ReactNode> = {
  general: GeneralTabView,
  personalHealth: PersonalHealthTabView,
  personalCharacterstics: CharacteristicsTabView,
  familyHealth: FamilyHealthTabView,
  disease: DiseaseTabView,
  pastDonation: PastDonationTabView,
  educationDetails: EducationTabView,
};

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
  // Who may change the tab is the policy's (the save checks the same); a donor whose state lands
  // her in preview (In Cycle, Under Review, Available with a current match) also sees it read-only.
  const readOnly =
    !s ||
    !user ||
    mode !== null ||
    !mayEditDonorFormTab(user, s.availability, page) ||
    (isDonor && s.preview);

  const tabQuery = useFormTab(donorId, page, isSavableTab(page));
  const formFields = useFormFields(donorId).data;
  const tabFields = formFields?.tabs.find((t) => t.tab === page);
  const template =
    tabFields && (TEMPLATE_TABS as readonly string[]).includes(page)
      ? { hidden: tabFields.hidden, labels: tabFields.labels }
      : undefined;
  const changes = useChanges(donorId, version, mode === 'changes' && version !== null);
  const changeSet = changes.data?.[0] ?? null;
  const tab = useTabForm({
    donorId,
    page,
    loaded: tabQuery.data?.data,
    selfOnly: s?.centerSettings.selfOnlyRelations,
    readOnly,
    clinicLabel: formFields?.clinicLabel,
  });
  const { dirty, save, discard, error, errorField } = tab;
  const [showChanges, setShowChanges] = useState(false);

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

  const confirmLeave = useUnsavedChangesGuard({ dirty, save, discard });

  const base = isDonor ? (donorId ?? '') : (params.id ?? '');
  const goTo = (tab: DonorFormTab) =>
    confirmLeave(() => {
      discard();
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
              values={tab.values}
              set={tab.set}
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
        <FormAlert message={error} title="Not saved" mt="md" />
        {View && !readOnly && (
          <Group mt="md" justify="flex-end">
            <Button variant="default" disabled={!dirty} onClick={discard}>
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
