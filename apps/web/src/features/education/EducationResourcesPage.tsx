import {
  EDUCATION_RESOURCE_TYPE_LABELS,
  EDUCATION_RESOURCE_TYPE_SINGULAR,
  EDUCATION_RESOURCE_TYPES,
  type EducationResource,
  type EducationResourceType,
  educationTypeSchema,
  mayManageEducationResources,
  PAGES,
  pagePath,
} from '@dm/shared';
import { Accordion, Alert, Badge, Button, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { type Column, ListTable } from '../../components/ListTable';
import { confirmDelete, type RowAction, RowActions } from '../../components/RowActions';
import { formatDate } from '../../lib/dates';
import { messageOf } from '../../lib/form';
import { policySubjectOf, useSession } from '../../lib/session';
import { EducationResourceDialog } from './EducationResourceDialog';
import {
  useDeleteEducationResource,
  useEducationResources,
  usePublishEducationResource,
  useReorderEducationResources,
} from './queries';
import { ResourceText } from './ResourceText';

const pathOf = (type: EducationResourceType) => pagePath('education-resources', { resourcetype: type });

/** The center's clients read the published resources of a type, one panel each. */
function Reader({ type }: { type: EducationResourceType }) {
  const resources = useEducationResources(type);
  if (resources.isPending) return <Loader aria-label="Loading resources" />;
  if (resources.isError)
    return (
      <Alert color="red" role="alert">
        {messageOf(resources.error)}
      </Alert>
    );
  if (resources.data.length === 0)
    return <Text>No {EDUCATION_RESOURCE_TYPE_LABELS[type].toLowerCase()} yet. Please look again soon.</Text>;
  return (
    <Accordion variant="separated" multiple chevronPosition="right">
      {resources.data.map((r) => (
        <Accordion.Item key={r.id} value={String(r.id)}>
          <Accordion.Control>
            <Text fw={600}>{r.title}</Text>
            {r.summary ? (
              <Text fz="sm" c="gray.7">
                {r.summary}
              </Text>
            ) : null}
          </Accordion.Control>
          <Accordion.Panel>
            <ResourceText resource={r} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

const COLUMNS: Column<EducationResource>[] = [
  { key: 'position', label: 'Order', render: (r) => r.position + 1 },
  { key: 'title', label: 'Title', rowHeader: true, render: (r) => r.title },
  {
    key: 'status',
    label: 'Status',
    render: (r) => (
      <Badge variant="light" c="black" color={r.published ? 'green' : 'gray'}>
        {r.published ? 'Published' : 'Draft'}
      </Badge>
    ),
  },
  { key: 'updated', label: 'Updated', render: (r) => formatDate(r.updatedAt) },
];

/** The agency admin's view: every resource of the type, drafts too, with its tools. */
function Manager({ type }: { type: EducationResourceType }) {
  const resources = useEducationResources(type);
  const reorder = useReorderEducationResources();
  const publish = usePublishEducationResource();
  const remove = useDeleteEducationResource();
  // undefined: closed; null: adding; a resource: editing it.
  const [editing, setEditing] = useState<EducationResource | null | undefined>(undefined);
  const rows = resources.data ?? [];
  const noun = EDUCATION_RESOURCE_TYPE_SINGULAR[type];

  const move = (index: number, by: -1 | 1) => {
    const ids = rows.map((r) => r.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate({ type, ids });
  };
  const actionsOf = (r: EducationResource): RowAction[] => {
    const index = rows.findIndex((x) => x.id === r.id);
    return [
      ...(index > 0
        ? [{ label: 'Up', ariaLabel: `Move ${r.title} up`, onClick: () => move(index, -1) }]
        : []),
      ...(index < rows.length - 1
        ? [{ label: 'Down', ariaLabel: `Move ${r.title} down`, onClick: () => move(index, 1) }]
        : []),
      { label: 'Edit', ariaLabel: `Edit ${r.title}`, variant: 'light', onClick: () => setEditing(r) },
      {
        label: r.published ? 'Unpublish' : 'Publish',
        ariaLabel: `${r.published ? 'Unpublish' : 'Publish'} ${r.title}`,
        variant: 'light',
        onClick: () => publish.mutate({ id: r.id, published: !r.published }),
      },
      {
        label: 'Delete',
        ariaLabel: `Delete ${r.title}`,
        danger: true,
        onClick: () =>
          confirmDelete({
            title: `Delete ${noun}`,
            message: `Delete “${r.title}”? Clients will no longer see it. This cannot be undone.`,
            onConfirm: () => remove.mutate(r.id),
          }),
      },
    ];
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Text>
          Your agency’s clients see the published {EDUCATION_RESOURCE_TYPE_LABELS[type].toLowerCase()} in this
          order.
        </Text>
        <Button onClick={() => setEditing(null)}>Add {noun}</Button>
      </Group>
      {resources.isError ? (
        <Alert color="red" role="alert">
          {messageOf(resources.error)}
        </Alert>
      ) : null}
      <ListTable
        caption={`${EDUCATION_RESOURCE_TYPE_LABELS[type]} of your agency`}
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.id}
        loading={resources.isPending}
        empty={`No ${EDUCATION_RESOURCE_TYPE_LABELS[type].toLowerCase()} yet. Use “Add ${noun}”.`}
        actions={{ render: (r) => <RowActions actions={actionsOf(r)} wrap="wrap" /> }}
      />
      {editing !== undefined ? (
        <EducationResourceDialog
          key={editing?.id ?? 'new'}
          resource={editing}
          type={type}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </Stack>
  );
}

/**
 * /education-resources/{resourcetype}: articles, videos, guides and FAQs of the
 * caller's agency. Its clients read the published ones; its admin manages them on the same page.
 */
export default function EducationResourcesPage() {
  const { resourcetype } = useParams();
  const { user } = useSession();
  const navigate = useNavigate();
  const parsed = educationTypeSchema.safeParse(resourcetype);
  if (!parsed.success) return <Navigate to={pathOf('articles')} replace />;
  const type = parsed.data;
  const manage = user !== null && mayManageEducationResources(policySubjectOf(user));
  return (
    <Stack>
      <Title order={1}>{PAGES['education-resources'].title}</Title>
      <Tabs value={type} onChange={(v) => v && navigate(pathOf(v as EducationResourceType))}>
        <Tabs.List>
          {EDUCATION_RESOURCE_TYPES.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {EDUCATION_RESOURCE_TYPE_LABELS[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {manage ? <Manager key={type} type={type} /> : <Reader key={type} type={type} />}
    </Stack>
  );
}
