import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FieldDef, Fields } from './fields';

const DEFS: FieldDef[] = [
  { key: 'firstName', label: 'First name', kind: 'text', required: true },
  { key: 'weightLb', label: 'Weight (lbs)', kind: 'number' },
  { key: 'hobbies', label: 'Hobbies', kind: 'textarea' },
  { key: 'dateOfBirth', label: 'Date of birth', kind: 'date' },
  { key: 'maritalStatus', label: 'Marital status', kind: 'select', options: ['Single', 'Married'] },
  {
    key: 'contactType',
    label: 'Contact type',
    kind: 'select',
    options: [
      { value: '0', label: 'Mobile' },
      { value: '1', label: 'Work' },
    ],
  },
  { key: 'referral', label: 'How did you hear about us?', kind: 'multi', options: ['Google', 'Referral'] },
  { key: 'previousDonor', label: 'I have donated eggs before', kind: 'bool' },
  { key: 'breastfeeding', label: 'Breastfeeding', kind: 'bool' },
];

const VALUES = {
  firstName: 'Dana',
  weightLb: 140,
  hobbies: 'Chess',
  dateOfBirth: '2001-06-18',
  maritalStatus: 'Single',
  contactType: '1',
  referral: ['Google', 'Referral'],
  previousDonor: true,
  breastfeeding: false,
};

describe('Fields read only (every preview of the donor and IP forms)', () => {
  it('shows every answer, selects and boxes included, as labelled read-only text; nothing is disabled', () => {
    const { container } = render(
      <MantineProvider env="test">
        <Fields defs={DEFS} values={VALUES} onChange={() => {}} readOnly />
      </MantineProvider>,
    );
    const shown = DEFS.map((def) => {
      const input = screen.getByLabelText(new RegExp(`^${def.label.replace(/[()?]/g, '\\$&')}`)) as
        | HTMLInputElement
        | HTMLTextAreaElement;
      expect(input.readOnly, def.label).toBe(true);
      return input.value;
    });
    expect(shown).toEqual([
      'Dana',
      '140',
      'Chess',
      '2001-06-18',
      'Single',
      'Work',
      'Google, Referral',
      'Yes',
      'No',
    ]);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(container.querySelectorAll(':disabled, [data-disabled]')).toHaveLength(0);
  });

  it('stays editable when not read only', () => {
    render(
      <MantineProvider env="test">
        <Fields defs={DEFS} values={VALUES} onChange={() => {}} readOnly={false} />
      </MantineProvider>,
    );
    expect((screen.getByRole('combobox', { name: 'Contact type' }) as HTMLSelectElement).value).toBe('1');
    expect(
      (screen.getByRole('checkbox', { name: 'I have donated eggs before' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Google' }) as HTMLInputElement).disabled).toBe(false);
  });
});
