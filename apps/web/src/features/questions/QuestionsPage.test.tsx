import { type CustomQuestion, MSG } from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import QuestionsPage from './QuestionsPage';

const admin = sessionUser({ userId: 2, username: 'admin@demo.test', role: 7, client: null });

const question = (over: Partial<CustomQuestion>): CustomQuestion => ({
  id: 1,
  centerId: 1,
  question: 'Why do you want to donate?',
  type: 'textarea',
  status: 'public',
  isActive: true,
  isRequired: true,
  tab: 'miscellaneous',
  options: [],
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const LIST = [
  question({}),
  question({
    id: 2,
    question: 'Favourite season?',
    type: 'radio',
    status: 'staff',
    isActive: false,
    options: [
      { text: 'Spring', isDefault: true },
      { text: 'Autumn', isDefault: false },
    ],
  }),
];

const renderQuestions = (api: Record<string, unknown> = {}) =>
  renderPage(
    <ModalsProvider>
      <QuestionsPage />
    </ModalsProvider>,
    { api: { me: ok(admin), getuserquestions: ok(LIST), ...api } as never },
  );

function chooseType(value: string) {
  fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value } });
}

describe('QuestionsPage', () => {
  it('lists active questions, and archived ones on their tab with a confirmed restore', async () => {
    const { requests } = renderQuestions({
      restorecustomizedquestion: ok(question({ ...LIST[1], isActive: true }), MSG.QUESTION_RESTORED),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Customized questions' })).toBeTruthy();
    const active = await screen.findByRole('table', { name: 'Active questions' });
    expect(within(active).getByText('Why do you want to donate?')).toBeTruthy();
    expect(within(active).queryByText('Favourite season?')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Archived' }));
    const archived = await screen.findByRole('table', { name: 'Archived questions' });
    expect(within(archived).getByText('Spring (default), Autumn')).toBeTruthy();
    fireEvent.click(within(archived).getByRole('button', { name: 'Restore Favourite season?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore question' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'restorecustomizedquestion')?.body).toEqual({ question_id: 2 }),
    );
  });

  it('adds a radio question: add option waits for text, duplicates are flagged, the body is sent', async () => {
    let sent: unknown;
    renderQuestions({
      savecustomizedquestion: (r: StubRequest) => {
        sent = r.body;
        return ok(question({ id: 9 }), MSG.QUESTION_SAVED);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add question' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Question/ }), {
      target: { value: 'Do you like pets?' },
    });
    chooseType('radio');
    const add = within(dialog).getByRole('button', { name: 'Add option' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Option 1' }), { target: { value: 'Yes' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Option 2' }), { target: { value: 'YES' } });
    expect(await within(dialog).findByText(MSG.QUESTION_OPTION_DUPLICATE)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Option 2' }), { target: { value: 'No' } });
    expect(within(dialog).queryByText(MSG.QUESTION_OPTION_DUPLICATE)).toBeNull();
    expect(add.disabled).toBe(false);
    fireEvent.click(add);
    // a blank third option is reported at the field on save
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save question' }));
    expect(await within(dialog).findByText(MSG.QUESTION_OPTION_BLANK)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove option 3' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Option 2 is the default' }));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Required' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save question' }));
    await waitFor(() =>
      expect(sent).toEqual({
        question: 'Do you like pets?',
        type: 'radio',
        status: 'public',
        isRequired: true,
        tab: 'miscellaneous',
        options: [
          { text: 'Yes', isDefault: false },
          { text: 'No', isDefault: true },
        ],
      }),
    );
  });

  it("shows the server's duplicate message at the question field", async () => {
    renderQuestions({ savecustomizedquestion: fail(400, MSG.QUESTION_DUPLICATE) });
    fireEvent.click(await screen.findByRole('button', { name: 'Add question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add question' });
    const field = within(dialog).getByRole('textbox', { name: /Question/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save question' }));
    expect(await within(dialog).findByText(MSG.QUESTION_REQUIRED)).toBeTruthy();
    fireEvent.change(field, { target: { value: 'why do you want to donate?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save question' }));
    expect(await within(dialog).findByText(MSG.QUESTION_DUPLICATE)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });
});
