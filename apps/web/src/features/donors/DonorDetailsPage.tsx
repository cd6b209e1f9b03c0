import {
  canAskAboutDonor,
  canEditDonorNotes,
  canOpen,
  canShareDonor,
  type DonorDetails,
  type DonorFile,
  donorDisplayId,
  donorViewCounts,
  inCenterOf,
  MSG,
  mayWriteNotes,
  PAGES,
  type PolicySubject,
  pagePath,
} from '@dm/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FieldTable, RecordsTable } from '../../components/donor/FieldTable';
import { ApiError } from '../../lib/api-error';
import { policySubjectOf, subjectOf, useSession } from '../../lib/session';
import { DonorCarrierSection } from '../genetics/DonorCarrierSection';
import { MatchActions } from '../match/MatchActions';
import { MatchPanels } from '../match/MatchPanels';
import { AddToPortfolioButton } from '../portfolios/AddToPortfolio';
import { DonorFeedbackPanel } from '../portfolios/DonorFeedbackPanel';
import { feedbackPortfolioId, PortfolioFeedbackBar } from '../portfolios/PortfolioFeedbackBar';
import { AdditionalDocumentsPanel } from '../uploads/AdditionalDocumentsPanel';
import { DonorNotesPanel } from './DonorNotesPanel';
import { DONOR_TABS, tabIndex } from './format';
import {
  donorKeys,
  notifyManager,
  recordDonorView,
  removeFavorite,
  saveFavorite,
  useDonorDetails,
} from './queries';
import { RequestDetailsAccessDialog } from './RequestDetailsAccessDialog';
import { ShareDonorDialog } from './ShareDonorDialog';

/** The captcha widget (altcha) is loaded only when a client has to solve one. */
const CaptchaField = lazy(() => import('../auth/CaptchaField').then((m) => ({ default: m.CaptchaField })));

type ViewState = 'recording' | 'captcha' | 'ready' | 'failed';

/**
 * A client's first look at a donor in a session is counted (PUT donorviews); past the session's
 * threshold of new donors the server asks for a captcha first, and the page retries with it.
 */
function useRecordedView(donorId: number, who: PolicySubject | null) {
  const role = who?.role;
  const counted = who ? donorViewCounts(who) : false;
  const [state, setState] = useState<ViewState>('recording');
  const record = async (captcha?: string) => {
    try {
      await recordDonorView(donorId, captcha);
      setState('ready');
    } catch (error) {
      const needsCaptcha =
        error instanceof ApiError &&
        (error.data as { captchaRequired?: boolean } | null)?.captchaRequired === true;
      setState(needsCaptcha ? 'captcha' : 'failed');
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: record once per donor and role
  useEffect(() => {
    if (role === undefined) return;
    if (!counted) {
      setState('ready');
      return;
    }
    setState('recording');
    void record();
  }, [donorId, role]);
  return { state, retry: record };
}

function Files({ files, label }: { files: DonorFile[]; label: string }) {
  if (files.length === 0) return <Text c="dimmed">No {label.toLowerCase()}.</Text>;
  return (
    <Stack gap={4} component="ul" style={{ paddingLeft: 20 }}>
      {files.map((f) => (
        <li key={`${f.kind ?? ''}${f.id}`}>
          <Anchor href={f.url} target="_blank" rel="noopener">
            {f.title ?? `${label} ${f.id}`}
          </Anchor>{' '}
          {f.kind ? <Badge variant="light">{f.kind}</Badge> : null}
          {f.private ? (
            <Badge variant="outline" ml={4}>
              Private
            </Badge>
          ) : null}
        </li>
      ))}
    </Stack>
  );
}

function Gallery({ pictures, name }: { pictures: DonorFile[]; name: string }) {
  if (pictures.length === 0) return <Text c="dimmed">No photos.</Text>;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} component="ul" style={{ listStyle: 'none', padding: 0 }}>
      {pictures.map((p, i) => (
        <li key={p.id}>
          <figure style={{ margin: 0 }}>
            <Image src={p.url} alt={`${name}, photo ${i + 1}${p.title ? `: ${p.title}` : ''}`} radius="sm" />
            {p.title ? (
              <Text size="sm" component="figcaption">
                {p.title}
              </Text>
            ) : null}
          </figure>
        </li>
      ))}
    </SimpleGrid>
  );
}

function DetailsTabs({
  d,
  initialTab,
  staffOfCenter,
}: {
  d: DonorDetails;
  initialTab: number;
  staffOfCenter: boolean;
}) {
  const [tab, setTab] = useState(String(initialTab));
  const name = d.firstName ?? `Donor ${donorDisplayId(d)}`;
  useEffect(() => setTab(String(initialTab)), [initialTab]);
  return (
    <Tabs value={tab} onChange={(v) => setTab(v ?? '0')} keepMounted={false}>
      <Tabs.List aria-label="Donor profile sections">
        {DONOR_TABS.map((label, i) => (
          <Tabs.Tab key={label} value={String(i)}>
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="0" pt="md">
        <Stack>
          <FieldTable caption="General" fields={d.general} />
          {d.customAnswers.length > 0 ? (
            <FieldTable
              caption="Questions and answers"
              fields={Object.fromEntries(d.customAnswers.map((a) => [a.question, a.answer]))}
            />
          ) : null}
          {d.frozenBatches ? <RecordsTable caption="Frozen batches" rows={d.frozenBatches} /> : null}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="1" pt="md">
        <Stack>
          <FieldTable caption="Personal health" fields={d.personalHealth} />
          {d.healthAnswers.length > 0 ? (
            <FieldTable
              caption="Health questions"
              fields={Object.fromEntries(
                d.healthAnswers.map((a) => [
                  a.key,
                  `${a.answer ? 'Yes' : 'No'}${a.details ? ` (${a.details})` : ''}`,
                ]),
              )}
            />
          ) : null}
          <RecordsTable caption="Medications" rows={d.medications} />
          <RecordsTable caption="Deliveries" rows={d.deliveries} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="2" pt="md">
        <Stack>
          <FieldTable caption="Characteristics" fields={d.characteristics} />
          <FieldTable
            caption="Race and ethnicity"
            fields={{
              races: d.races.map((r) => `${r.name} ${r.percentage}%`),
              ethnicities: d.ethnicities.map((r) => `${r.name} ${r.percentage}%`),
            }}
          />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="3" pt="md">
        <Stack>
          <RecordsTable caption="Family members" rows={d.family.members} />
          <RecordsTable caption="Family history" rows={d.family.history} />
          <RecordsTable caption="Diseases in the family" rows={d.family.diseases} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="4" pt="md">
        <Stack>
          <RecordsTable caption="Schools" rows={d.education.records} />
          <RecordsTable caption="Test scores" rows={d.education.exams} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="5" pt="md">
        <RecordsTable caption="Past donations" rows={d.pastDonations} />
      </Tabs.Panel>
      <Tabs.Panel value="6" pt="md">
        <Stack>
          <Title order={2} fz="h4">
            Photos
          </Title>
          <Gallery pictures={d.pictures} name={name} />
          <Title order={2} fz="h4">
            Videos
          </Title>
          {d.videos.length === 0 ? (
            <Text c="dimmed">No videos.</Text>
          ) : (
            d.videos.map((v) => (
              // biome-ignore lint/a11y/useMediaCaption: donor videos are uploaded without caption tracks
              <video
                key={v.id}
                src={v.url}
                controls
                aria-label={v.title ?? `Video ${v.id}`}
                style={{ maxWidth: '100%' }}
              />
            ))
          )}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="7" pt="md">
        <Stack>
          <Title order={2} fz="h4">
            Documents
          </Title>
          <Files files={d.documents} label="Documents" />
          {d.additionalDocuments && staffOfCenter ? (
            <AdditionalDocumentsPanel donorId={d.donorId} files={d.additionalDocuments} />
          ) : d.additionalDocuments ? (
            <>
              <Title order={2} fz="h4">
                Additional documents
              </Title>
              <Files files={d.additionalDocuments} label="Additional documents" />
            </>
          ) : null}
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}

export default function DonorDetailsPage() {
  const params = useParams();
  const donorId = Number(params.id);
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const who = user ? policySubjectOf(user) : null;
  const view = useRecordedView(donorId, who);
  const details = useDonorDetails(donorId, Number.isInteger(donorId) && view.state === 'ready');
  const [shareOpen, setShareOpen] = useState(false);
  const [accessOpen, setAccessOpen] = useState(false);
  const subject = user ? subjectOf(user) : null;
  const mayFavorite = subject ? canOpen(subject, 'favorites') : false;
  const mayShare = who ? canShareDonor(who) : false;
  const mayAsk = who ? canAskAboutDonor(who) : false;
  const mayPdf = subject ? canOpen(subject, 'pdfpreview') : false;
  const mayAudit = subject ? canOpen(subject, 'auditlog') : false;
  const favorite = useMutation({
    mutationFn: async (add: boolean): Promise<void> => {
      if (add) {
        const { added } = await saveFavorite(donorId);
        if (added && mayAsk) await notifyManager(donorId, 'favorite');
      } else await removeFavorite(donorId);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: donorKeys.details(donorId) }),
  });

  if (!Number.isInteger(donorId) || donorId <= 0) {
    return <Alert color="red">This donor does not exist.</Alert>;
  }
  if (view.state === 'captcha') {
    return (
      <Paper withBorder p="md" maw={480}>
        <Stack>
          <Title order={1} fz="h3">
            {PAGES.donordetails.title}
          </Title>
          <Text>{MSG.CAPTCHA_REQUIRED}</Text>
          <Suspense fallback={<Loader aria-label="Loading captcha" size="sm" />}>
            <CaptchaField onSolved={(payload) => void view.retry(payload)} />
          </Suspense>
        </Stack>
      </Paper>
    );
  }
  if (view.state === 'failed' || details.isError) {
    return (
      <Stack>
        <Title order={1} fz="h2">
          {PAGES.donordetails.title}
        </Title>
        <Alert color="red">This donor could not be loaded.</Alert>
        <Group>
          <Button variant="default" onClick={() => navigate(-1)}>
            Back
          </Button>
        </Group>
      </Stack>
    );
  }
  const d = details.data;
  if (!d) {
    return (
      <Center h="40vh">
        <Loader aria-label="Loading donor" />
      </Center>
    );
  }
  const fromPortfolio = feedbackPortfolioId(params.feedback);
  const heading = [d.firstName, d.lastName].filter(Boolean).join(' ') || `Donor ${donorDisplayId(d)}`;
  const cover = d.pictures.find((p) => p.isDefault) ?? d.pictures[0];
  return (
    <Stack>
      <Group align="flex-start" wrap="wrap">
        {cover ? (
          <Image src={cover.url} alt={`${heading}, profile photo`} w={140} h={140} radius="md" fit="cover" />
        ) : null}
        <Stack gap={4} style={{ flex: 1 }}>
          <Title order={1} fz="h2">
            {heading}
          </Title>
          <Text>
            Donor ID {donorDisplayId(d)} · {d.centerName}
          </Text>
          <Group gap="xs">
            <Badge>{d.availability}</Badge>
            {d.donorType !== null ? <Badge variant="light">{d.donorType}</Badge> : null}
            {d.age !== null ? <Badge variant="outline">Age {d.age}</Badge> : null}
            <Badge variant="outline">{d.viewsCount} views</Badge>
          </Group>
          {d.compensation !== null ? (
            <Text>Compensation: ${d.compensation.toLocaleString('en-US')}</Text>
          ) : null}
          {d.ssn ? <Text>SSN: {d.ssn}</Text> : null}
          {d.contact ? (
            <Text size="sm">
              {d.contact.email} · {d.contact.countryCode} {d.contact.contactNo}
            </Text>
          ) : null}
        </Stack>
        <Group>
          {mayFavorite ? (
            <Button
              variant={d.isFavorite ? 'filled' : 'outline'}
              aria-pressed={d.isFavorite}
              loading={favorite.isPending}
              onClick={() => favorite.mutate(!d.isFavorite)}
            >
              {d.isFavorite ? 'Favorite' : 'Add to favorites'}
            </Button>
          ) : null}
          <AddToPortfolioButton donorId={d.donorId} label={donorDisplayId(d)} />
          {mayShare ? (
            <Button variant="default" onClick={() => setShareOpen(true)}>
              Share donor
            </Button>
          ) : null}
          {mayAsk ? (
            <Button variant="default" onClick={() => setAccessOpen(true)}>
              Request more details
            </Button>
          ) : null}
          {mayPdf && user ? (
            <Button variant="default" component={Link} to={`/pdfpreview/${d.donorId}/${user.role}`}>
              Download PDF
            </Button>
          ) : null}
          {mayAudit && who && inCenterOf(who, d.centerId) ? (
            <Button
              variant="default"
              component={Link}
              to={`${pagePath('auditlog')}?donor=${encodeURIComponent(donorDisplayId(d))}`}
            >
              Audit log
            </Button>
          ) : null}
        </Group>
      </Group>
      {fromPortfolio ? <PortfolioFeedbackBar portfolioId={fromPortfolio} donorId={d.donorId} /> : null}
      <MatchActions donorId={d.donorId} />
      <DonorFeedbackPanel donorId={d.donorId} />
      <DetailsTabs
        d={d}
        initialTab={tabIndex(params.settab)}
        staffOfCenter={who ? canEditDonorNotes(who, d) : false}
      />
      <DonorCarrierSection donorId={d.donorId} />
      {d.adminNotes ? (
        <Paper withBorder p="md">
          <Text fw={600}>Admin notes</Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{d.adminNotes}</Text>
        </Paper>
      ) : null}
      {d.matchPanels ? <MatchPanels donorId={d.donorId} panels={d.matchPanels} /> : null}
      {d.notes ? (
        <DonorNotesPanel donorId={d.donorId} notes={d.notes} canAdd={who ? mayWriteNotes(who) : false} />
      ) : null}
      {mayAsk ? (
        <RequestDetailsAccessDialog
          donorId={d.donorId}
          displayId={donorDisplayId(d)}
          opened={accessOpen}
          onClose={() => setAccessOpen(false)}
        />
      ) : null}
      {mayShare ? (
        <ShareDonorDialog
          donorId={d.donorId}
          displayId={donorDisplayId(d)}
          opened={shareOpen}
          onClose={() => setShareOpen(false)}
        />
      ) : null}
    </Stack>
  );
}
