import { Button, MantineProvider, Stack, TextInput } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api';
import {
  allOf,
  bodySchema,
  checksSchema,
  FormActions,
  FormAlert,
  type FormSchema,
  useFormSubmit,
  useZodForm,
} from './form';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required.'),
  email: z.email('Enter a valid e-mail address.'),
});

/** A small form on the shared hook that saves through `save`. */
function Example({ save }: { save: (values: { name: string; email: string }) => Promise<unknown> }) {
  const { form, formRef, focusFirstError } = useZodForm(schema, { name: '', email: '' });
  const submit = useFormSubmit(form, save, { onDone: () => form.setFieldValue('name', 'saved') });
  return (
    <form ref={formRef} noValidate onSubmit={form.onSubmit(submit.submit, focusFirstError)}>
      <Stack>
        <TextInput label="Name" {...form.getInputProps('name')} />
        <TextInput label="Email" {...form.getInputProps('email')} />
        <FormAlert message={submit.error} />
        <FormActions onCancel={() => form.reset()} busy={submit.busy} />
        <Button type="button">Other</Button>
      </Stack>
    </form>
  );
}

function renderExample(save: (values: { name: string; email: string }) => Promise<unknown>) {
  return render(
    <MantineProvider env="test">
      <Example save={save} />
    </MantineProvider>,
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('useZodForm', () => {
  it("shows the schema's messages, marks the inputs aria-invalid and does not save", async () => {
    const saved: unknown[] = [];
    renderExample(async (v) => saved.push(v));
    fireEvent.change(input('Email'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(screen.getByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(input('Name').getAttribute('aria-invalid')).toBe('true');
    expect(input('Email').getAttribute('aria-invalid')).toBe('true');
    expect(saved).toEqual([]);
    // Typing clears the field's error (and its aria-invalid).
    fireEvent.change(input('Name'), { target: { value: 'Ann' } });
    await waitFor(() => expect(input('Name').getAttribute('aria-invalid')).not.toBe('true'));
  });

  it('saves valid values and runs onDone', async () => {
    const saved: unknown[] = [];
    renderExample(async (v) => saved.push(v));
    fireEvent.change(input('Name'), { target: { value: 'Ann' } });
    fireEvent.change(input('Email'), { target: { value: 'ann@demo.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(input('Name').value).toBe('saved'));
    expect(saved).toEqual([{ name: 'Ann', email: 'ann@demo.test' }]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("puts the server's message under the field it names, else in the form alert", async () => {
    let answer: ApiError = new ApiError('That e-mail is taken.', 400, { field: 'email' });
    renderExample(async () => {
      throw answer;
    });
    fireEvent.change(input('Name'), { target: { value: 'Ann' } });
    fireEvent.change(input('Email'), { target: { value: 'ann@demo.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That e-mail is taken.')).toBeTruthy();
    expect(input('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();

    answer = new ApiError('Something went wrong.', 500);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Something went wrong.');
  });
});

/** What a form schema says of some values: the issues' paths and messages, or the value. */
function judge(schema: FormSchema, values: unknown) {
  const result = schema['~standard'].validate(values);
  if (result instanceof Promise) throw new Error('asynchronous');
  return result.issues ? result.issues.map((i) => [i.path?.join('.'), i.message]) : 'valid';
}

describe('form schemas', () => {
  it('bodySchema judges the body made from the values, keeping its paths', () => {
    const body = z.object({ id: z.number().positive('No id.'), priority: z.number().min(1, 'At least 1.') });
    const schema = bodySchema(body, (v: { priority: string }) => ({ id: 0, priority: Number(v.priority) }));
    expect(judge(schema, { priority: '0' })).toEqual([
      ['id', 'No id.'],
      ['priority', 'At least 1.'],
    ]);
  });

  it('allOf gives the issues of every schema in order; checksSchema turns a check function into one', () => {
    const chosen = checksSchema((v: { role: string }) => (v.role ? {} : { role: 'Please select a role' }));
    const named = z.object({ name: z.string().min(1, 'Name is required.') });
    expect(judge(allOf(chosen, named), { role: '', name: '' })).toEqual([
      ['role', 'Please select a role'],
      ['name', 'Name is required.'],
    ]);
    expect(judge(allOf(chosen, named), { role: 'admin', name: 'Ann' })).toBe('valid');
  });
});
