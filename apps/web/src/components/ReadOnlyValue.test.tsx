import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChoiceSelect, choicesText, chosenLabel } from './ReadOnlyValue';

const CONTACT = [
  { value: '', label: 'Select' },
  { value: '0', label: 'Mobile' },
  { value: '2', label: 'Home' },
];

describe('ChoiceSelect', () => {
  it('read only, shows the chosen option as labelled read-only text instead of a disabled select', () => {
    const { container } = render(
      <MantineProvider env="test">
        <ChoiceSelect label="Contact type" data={CONTACT} value="2" onChange={() => {}} readOnly />
      </MantineProvider>,
    );
    const answer = screen.getByRole('textbox', { name: 'Contact type' }) as HTMLInputElement;
    expect(answer.value).toBe('Home');
    expect(answer.readOnly).toBe(true);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(container.querySelectorAll(':disabled')).toHaveLength(0);
  });

  it('otherwise is the native select it was', () => {
    render(
      <MantineProvider env="test">
        <ChoiceSelect label="Contact type" data={CONTACT} value="2" onChange={() => {}} readOnly={false} />
      </MantineProvider>,
    );
    const select = screen.getByRole('combobox', { name: 'Contact type' }) as HTMLSelectElement;
    expect(select.value).toBe('2');
    expect(select.disabled).toBe(false);
  });
});

describe('the read-only texts of choices', () => {
  it('names the chosen option, and nothing when none is chosen', () => {
    expect(chosenLabel(CONTACT, '0')).toBe('Mobile');
    expect(chosenLabel(CONTACT, '')).toBe('');
    expect(chosenLabel(['Red', 'Blue'], 'Blue')).toBe('Blue');
    expect(chosenLabel([{ group: 'Warm', items: [{ value: 'r', label: 'Red' }] }], 'r')).toBe('Red');
    // A stored answer the list no longer offers is still shown.
    expect(chosenLabel(CONTACT, '9')).toBe('9');
  });

  it('answers a yes/no box with Yes or No, and ticked options as a list', () => {
    expect(choicesText(true)).toBe('Yes');
    expect(choicesText(false)).toBe('No');
    expect(choicesText(['Golf', 'Tennis'])).toBe('Golf, Tennis');
    expect(choicesText([])).toBe('');
  });
});
