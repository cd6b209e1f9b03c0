import { type EducationResource, MSG_EDUCATION, ROLE } from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, sessionUser } from '../../test/render';
import EducationResourcesPage from './EducationResourcesPage';

const PATH = '/education-resources/:resourcetype';
const resource = (over: Partial<EducationResource>): EducationResource => ({
  id: 1,
  type: 'articles',
  title: 'How egg donation works',
  summary: 'The steps.',
  body: 'First paragraph.\n\nSecond <b>paragraph</b>.<script>window.hacked = true</script>',
  link: 'https://example.com/more',
  position: 0,
  published: true,
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

describe('EducationResourcesPage for a client', () => {
  it('lists the published resources; a panel shows the text as text and the link in a new tab', async () => {
    renderPage(<EducationResourcesPage />, {
      route: '/education-resources/articles',
      path: PATH,
      api: { me: ok(sessionUser()), 'educationresources/articles': ok([resource({})]) },
    });
    const control = await screen.findByRole('button', { name: /How egg donation works/ });
    expect(screen.getByRole('tab', { name: 'Articles', selected: true })).toBeTruthy();
    fireEvent.click(control);
    expect(await screen.findByText('First paragraph.')).toBeTruthy();
    // Markup stays text: no element is made of it.
    expect(screen.getByText(/Second <b>paragraph<\/b>/)).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    const link = screen.getByRole('link', { name: /Read the full article/ });
    expect(link.getAttribute('href')).toBe('https://example.com/more');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('button', { name: /Add article/ })).toBeNull();
  });

  it('goes to another type with its tab, and an unknown type to the articles', async () => {
    renderPage(<EducationResourcesPage />, {
      route: '/education-resources/podcasts',
      path: PATH,
      api: {
        me: ok(sessionUser()),
        'educationresources/articles': ok([]),
        'educationresources/faqs': ok([]),
      },
    });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/education-resources/articles'),
    );
    expect(await screen.findByText('No articles yet. Please look again soon.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'FAQs' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/education-resources/faqs'));
  });
});

describe('EducationResourcesPage for the agency admin', () => {
  const admin = sessionUser({ role: ROLE.ADMIN, client: null });
  const rows = [
    resource({}),
    resource({ id: 2, title: 'Screening', published: false, position: 1, link: '' }),
  ];

  it('adds a resource, checked by the shared rules first', async () => {
    const { requests } = renderPage(<EducationResourcesPage />, {
      route: '/education-resources/articles',
      path: PATH,
      api: {
        me: ok(admin),
        'educationresources/articles': ok(rows),
        saveeducationresource: ok(resource({ id: 3 }), MSG_EDUCATION.SAVED),
      },
    });
    const table = await screen.findByRole('table', { name: 'Articles of your agency' });
    expect(within(table).getByText('Draft')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add article' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add article' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Link/ }), {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MSG_EDUCATION.TITLE)).toBeTruthy();
    expect(within(dialog).getByText(MSG_EDUCATION.LINK)).toBeTruthy();
    expect(requests.some((r) => r.name === 'saveeducationresource')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Title/ }), {
      target: { value: 'New one' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Link/ }), {
      target: { value: 'https://example.com/new' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Published/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'saveeducationresource')?.body).toEqual({
        type: 'articles',
        title: 'New one',
        summary: '',
        body: '',
        link: 'https://example.com/new',
        published: true,
      }),
    );
  });

  it('moves, publishes and deletes (after confirming)', async () => {
    const page = (
      <ModalsProvider>
        <EducationResourcesPage />
      </ModalsProvider>
    );
    const { requests } = renderPage(page, {
      route: '/education-resources/articles',
      path: PATH,
      api: {
        me: ok(admin),
        'educationresources/articles': ok(rows),
        reordereducationresources: ok([rows[1], rows[0]], MSG_EDUCATION.REORDERED),
        publisheducationresource: ok({ ...rows[1], published: true }, MSG_EDUCATION.PUBLISHED),
        deleteeducationresource: ok(null, MSG_EDUCATION.DELETED),
      },
    });
    const table = await screen.findByRole('table', { name: 'Articles of your agency' });
    // The first has no Up, the last no Down.
    expect(within(table).queryByRole('button', { name: 'Move How egg donation works up' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Move Screening down' })).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Move Screening up' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'reordereducationresources')?.body).toEqual({
        type: 'articles',
        ids: [2, 1],
      }),
    );
    fireEvent.click(within(table).getByRole('button', { name: 'Publish Screening' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'publisheducationresource')?.body).toEqual({
        id: 2,
        published: true,
      }),
    );
    fireEvent.click(within(table).getByRole('button', { name: 'Delete Screening' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete article' });
    expect(requests.some((r) => r.name === 'deleteeducationresource')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'deleteeducationresource')?.body).toEqual({ id: 2 }),
    );
  });
});
