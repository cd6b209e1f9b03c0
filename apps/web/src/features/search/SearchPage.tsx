import {
  DEFAULT_SEARCH_NAME,
  DEFAULT_SORT_ORDER,
  isStaff,
  PAGES,
  type SavedSearch,
  SEARCH_ALERT_LABEL,
  SEARCH_LOADER_MESSAGES,
  SEARCH_LOADER_ROTATE_MS,
  SEARCH_RECORD_COUNTS,
  SEARCH_SORTS,
  type SearchFiltersInput,
  type SearchRecordCount,
  type SearchRequestInput,
  type SearchSort,
  searchName,
} from '@dm/shared';
import {
  Alert,
  Button,
  Checkbox,
  Collapse,
  Grid,
  Group,
  Loader,
  Modal,
  Pagination,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { CompareSelectedButton, useCompareSelection } from '../../components/donor/CompareSelection';
import { FormActions, FormAlert, useFormSubmit, useResetOnOpen, useZodForm } from '../../lib/form';
import { useSession } from '../../lib/session';
import { CarrierCompatibilityProvider } from '../genetics/CarrierCards';
import { SaveSearchAsPortfolioButton } from '../portfolios/AddToPortfolio';
import { DonorCard } from './DonorCard';
import { EMPTY_FORM, fromFilters, type SearchFormValues, toFilters, toSearchRequest, validate } from './form';
import { NewAgenciesNotice } from './NewAgenciesNotice';
import { FIRST_SEARCH, useDonorList, useSavedSearches, useSavedSearchMutations } from './queries';
import { SearchAlertSwitch } from './SearchAlertSwitch';
import { SearchFiltersForm } from './SearchFiltersForm';

/** The consumer center's rotating loader text, only while a search is really pending. */
export function useLoaderMessage(active: boolean): string | null {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!active) {
      setIndex(0);
      return;
    }
    const timer = setInterval(
      () => setIndex((i) => (i + 1) % SEARCH_LOADER_MESSAGES.length),
      SEARCH_LOADER_ROTATE_MS,
    );
    return () => clearInterval(timer);
  }, [active]);
  return active ? SEARCH_LOADER_MESSAGES[index]! : null;
}

const DEFAULT_VALUE = 'default';

function SaveSearchDialog({
  opened,
  onClose,
  onCreated,
  filters,
  current,
}: {
  opened: boolean;
  onClose: () => void;
  /** A new saved search: the picker shows it (and its alert switch). */
  onCreated: (search: SavedSearch) => void;
  filters: SearchFiltersInput;
  current: SavedSearch | null;
}) {
  const { create, update, alert } = useSavedSearchMutations();
  const initial = useMemo(
    () => ({ mode: current ? ('update' as const) : ('new' as const), name: '', alert: false }),
    [current],
  );
  const { form } = useZodForm<{ mode: 'new' | 'update'; name: string; alert: boolean }>(
    saveSearchForm,
    initial,
  );
  useResetOnOpen(form, opened, initial);
  const mode = form.values.mode;
  const save = useFormSubmit(
    form,
    async (values) => {
      if (values.mode === 'update' && current) {
        await update.mutateAsync({ search_id: current.search_id, filters });
        return;
      }
      const created = await create.mutateAsync({ name: searchName.parse(values.name), filters });
      onCreated(created);
      if (values.alert) await alert.mutateAsync({ search_id: created.search_id, alert: true });
    },
    // A new search's refusal shows under its name; an update's above the buttons.
    { onDone: onClose, fieldFor: () => (form.getValues().mode === 'new' ? 'name' : undefined) },
  );
  return (
    <Modal opened={opened} onClose={onClose} title="Save search">
      <form onSubmit={form.onSubmit(save.submit)}>
        <Stack>
          {current ? (
            <Radio.Group label="Save as" {...form.getInputProps('mode')}>
              <Group mt={4}>
                <Radio value="update" label={`Update “${current.search_name}”`} />
                <Radio value="new" label="A new saved search" />
              </Group>
            </Radio.Group>
          ) : null}
          {mode === 'new' ? (
            <>
              <TextInput label="Search name" required data-autofocus {...form.getInputProps('name')} />
              <Checkbox
                label={SEARCH_ALERT_LABEL}
                description="Once a day at most, the donors who begin to match it."
                {...form.getInputProps('alert', { type: 'checkbox' })}
              />
            </>
          ) : (
            <FormAlert message={save.error} />
          )}
          <FormActions onCancel={onClose} busy={save.busy} />
        </Stack>
      </form>
    </Modal>
  );
}

/** A new saved search needs a name by the shared rule; an update does not. */
const saveSearchForm = z
  .object({ mode: z.enum(['new', 'update']), name: z.string(), alert: z.boolean() })
  .superRefine(({ mode, name }, ctx) => {
    const issue = mode === 'new' ? searchName.safeParse(name).error?.issues[0] : undefined;
    if (issue) ctx.addIssue({ code: 'custom', path: ['name'], message: issue.message });
  });

/**
 * Below the breakpoint where the filters and the results stand side by side, the filters fold
 * away behind a button: on a phone the donors come first, not a screenful of filters.
 */
function useNarrow(): boolean {
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.md})`, true, {
    getInitialValueInEffect: false,
  });
  return wide === false;
}

export default function SearchPage() {
  const { user } = useSession();
  const consumer = user?.center.consumerSite === true;
  const staff = user ? isStaff(user) : false;
  const [params, setParams] = useSearchParams();
  const saved = useSavedSearches();

  const [values, setValues] = useState<SearchFormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [applied, setApplied] = useState<SearchFiltersInput>(() => toFilters(EMPTY_FORM));
  // The opening search is FIRST_SEARCH, which routes.tsx may have asked for already.
  const [sortby, setSortby] = useState<SearchSort>(FIRST_SEARCH.sortby ?? 'Newest');
  const [orderby, setOrderby] = useState<'asc' | 'desc' | null>(null);
  const [recordcount, setRecordcount] = useState<SearchRecordCount>(FIRST_SEARCH.recordcount ?? 25);
  const [currentPage, setCurrentPage] = useState(1);
  const [selected, setSelected] = useState<string>(DEFAULT_VALUE);
  const [runSearchId, setRunSearchId] = useState<number | undefined>(undefined);
  const [saveOpen, setSaveOpen] = useState(false);
  const compare = useCompareSelection();
  const narrow = useNarrow();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);

  const request: SearchRequestInput = toSearchRequest(applied, {
    sortby,
    orderby,
    recordcount,
    currentPage,
    searchId: runSearchId,
  });
  const list = useDonorList(request);
  const loaderMessage = useLoaderMessage(consumer && list.isFetching);
  const current = saved.data?.find((s) => String(s.search_id) === selected) ?? null;

  const set = <K extends keyof SearchFormValues>(key: K, value: SearchFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      const { [key]: _cleared, ...rest } = e;
      return rest;
    });
  };

  /** Runs the search; false when a filter is wrong (its message shows). */
  const run = (filters: SearchFiltersInput, searchId?: number): boolean => {
    const problems = validate(toSearchRequest(filters, { sortby, orderby, recordcount, currentPage: 1 }));
    setErrors(problems);
    if (Object.keys(problems).length) return false;
    setApplied(filters);
    setRunSearchId(searchId);
    setCurrentPage(1);
    return true;
  };

  const loadSaved = (value: string | null) => {
    const id = value ?? DEFAULT_VALUE;
    setSelected(id);
    const search = saved.data?.find((s) => String(s.search_id) === id);
    const next = search ? fromFilters(search.search_data) : EMPTY_FORM;
    setValues(next);
    run(toFilters(next), search?.search_id);
  };

  // /search?savedsearch={id} (from the saved searches page) runs that search once it is loaded.
  const requested = params.get('savedsearch');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per requested search
  useEffect(() => {
    if (!requested || !saved.data) return;
    loadSaved(requested);
    setParams({}, { replace: true });
  }, [requested, saved.data]);

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.recordcount)) : 1;
  const sortOptions = SEARCH_SORTS.filter((s) => s !== 'Distance' || !!applied.zipcode);
  const effectiveOrder = orderby ?? DEFAULT_SORT_ORDER[sortby];

  const filters = (
    <Paper withBorder p="md" component="aside" aria-label="Filters" id="search-filters">
      <form
        aria-label="Search filters"
        onSubmit={(e) => {
          e.preventDefault();
          // On a phone the results are under the folded filters: fold them and go back to the button.
          if (run(toFilters(values), current?.search_id) && narrow) {
            setFiltersOpen(false);
            filtersButton.current?.focus();
          }
        }}
      >
        <Stack>
          <Stack gap="sm">
            <TextInput
              label="Search everything"
              description="Names, ids, places, traits (at least 2 characters)"
              value={values.globalSearch}
              onChange={(e) => set('globalSearch', e.currentTarget.value)}
              type="search"
            />
            <Select
              label="Saved searches"
              data={[
                { value: DEFAULT_VALUE, label: DEFAULT_SEARCH_NAME },
                ...(saved.data ?? []).map((s) => ({
                  value: String(s.search_id),
                  label: s.newDonors ? `${s.search_name} (${s.newDonors} new)` : s.search_name,
                })),
              ]}
              value={selected}
              onChange={loadSaved}
              allowDeselect={false}
            />
            {current ? <SearchAlertSwitch search={current} /> : null}
          </Stack>
          <SearchFiltersForm values={values} set={set} errors={errors} staff={staff} />
          {Object.keys(errors).length ? (
            <Alert color="red" role="alert" title="Please check the filters">
              {Object.values(errors)[0]}
            </Alert>
          ) : null}
          <Group gap="xs">
            <Button type="submit">{narrow ? 'Show results' : 'Search'}</Button>
            <Button
              variant="default"
              onClick={() => {
                setValues(EMPTY_FORM);
                setSelected(DEFAULT_VALUE);
                run(toFilters(EMPTY_FORM));
              }}
            >
              Reset filters
            </Button>
            <Button variant="light" onClick={() => setSaveOpen(true)}>
              Save search
            </Button>
            <SaveSearchAsPortfolioButton filters={applied} />
          </Group>
        </Stack>
      </form>
    </Paper>
  );

  return (
    <Stack>
      <Title order={1} fz="h2">
        {PAGES.search.title}
      </Title>
      <NewAgenciesNotice lastLoginAt={user?.lastLoginAt} />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          {narrow ? (
            <Button
              ref={filtersButton}
              variant="default"
              fullWidth
              aria-expanded={filtersOpen}
              aria-controls="search-filters"
              onClick={() => setFiltersOpen((open) => !open)}
            >
              Filters
            </Button>
          ) : null}
          {narrow ? (
            <Collapse expanded={filtersOpen} mt="sm">
              {filters}
            </Collapse>
          ) : (
            filters
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Stack>
            <Group justify="space-between" align="flex-end">
              <Group>
                <Text aria-live="polite" role="status">
                  {loaderMessage ??
                    (data ? `${data.total} donors found` : list.isPending ? 'Searching…' : '')}
                </Text>
                <CompareSelectedButton selection={compare} />
              </Group>
              <Group>
                <Select
                  label="Sort by"
                  data={sortOptions}
                  value={sortby}
                  onChange={(v) => {
                    setSortby((v as SearchSort) ?? 'Newest');
                    setOrderby(null);
                    setCurrentPage(1);
                  }}
                  allowDeselect={false}
                  w={160}
                />
                <Select
                  label="Order"
                  data={[
                    { value: 'asc', label: 'Ascending' },
                    { value: 'desc', label: 'Descending' },
                  ]}
                  value={effectiveOrder}
                  onChange={(v) => {
                    setOrderby((v as 'asc' | 'desc') ?? null);
                    setCurrentPage(1);
                  }}
                  allowDeselect={false}
                  w={140}
                />
                <Select
                  label="Donors per page"
                  data={SEARCH_RECORD_COUNTS.map(String)}
                  value={String(recordcount)}
                  onChange={(v) => {
                    setRecordcount(Number(v ?? 25) as SearchRecordCount);
                    setCurrentPage(1);
                  }}
                  allowDeselect={false}
                  w={140}
                />
              </Group>
            </Group>

            {list.isFetching && !consumer ? <Loader aria-label="Loading donors" size="sm" /> : null}
            {list.isError ? (
              <Alert color="red" role="alert">
                {list.error instanceof Error ? list.error.message : 'The search failed.'}
              </Alert>
            ) : null}
            {data && data.rows.length === 0 ? <Text>No donors match these filters.</Text> : null}
            <CarrierCompatibilityProvider donorIds={data?.rows.map((donor) => donor.id) ?? []}>
              <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} aria-busy={list.isFetching}>
                {data?.rows.map((donor) => (
                  <DonorCard key={donor.id} donor={donor} compare={compare} />
                ))}
              </SimpleGrid>
            </CarrierCompatibilityProvider>
            {data && pages > 1 ? (
              <nav aria-label="Result pages">
                <Pagination
                  total={pages}
                  value={currentPage}
                  onChange={setCurrentPage}
                  getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
                  getControlProps={(control) => ({
                    'aria-label': {
                      first: 'First page',
                      last: 'Last page',
                      next: 'Next page',
                      previous: 'Previous page',
                    }[control],
                  })}
                />
              </nav>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
      <SaveSearchDialog
        opened={saveOpen}
        onClose={() => setSaveOpen(false)}
        onCreated={(search) => setSelected(String(search.search_id))}
        filters={toFilters(values)}
        current={current}
      />
    </Stack>
  );
}
