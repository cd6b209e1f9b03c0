import { type AllowedOrganization, MSG } from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import AddAgencyPage from './AddAgencyPage';
import AllowedOrganizationPage from './AllowedOrganizationPage';
import { zipErrors } from './ZipCodesPage';

const master = sessionUser({ userId: 1, username: 'master@demo.test', role: 1, client: null });

const fill = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('AddAgencyPage', () => {
  it('requires the add fields, then shows the server duplicate message on the field it flags', async () => {
    const { requests } = renderPage(<AddAgencyPage />, {
      route: '/addagency',
      api: {
        me: ok(master),
        getallcountries: ok([{ isoCode: 'US', name: 'United States', phoneCode: '1' }]),
        addcenterdetails: (r: StubRequest) =>
          (r.body as { email: string }).email === 'taken@x.test'
            ? fail(400, MSG.EMAIL_REGISTERED, { field: 'email' })
            : fail(400, MSG.ORGANIZATION_REGISTERED, { field: 'name' }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Add agency' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(screen.getByText('Email is required.')).toBeTruthy();
    expect(screen.getByText('Agency URL is required.')).toBeTruthy();
    expect(requests.some((r) => r.name === 'addcenterdetails')).toBe(false);

    fill(/^Name/, 'Hatch Fertility');
    fill(/^Email/, 'new@x.test');
    fill(/^Contact number/, '2125550100');
    fill(/^Agency URL/, 'https://x.test');
    fill(/^Zip code/, '10001');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Name/ }).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByText(MSG.ORGANIZATION_REGISTERED)).toBeTruthy();
    expect(requests.find((r) => r.name === 'addcenterdetails')?.body).toMatchObject({
      name: 'Hatch Fertility',
      country: 'US',
      zipcode: '10001',
    });

    fill(/^Name/, 'Another');
    fill(/^Email/, 'taken@x.test');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByText(MSG.EMAIL_REGISTERED)).toBeTruthy());
    expect(screen.getByRole('textbox', { name: /^Email/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(MSG.ORGANIZATION_REGISTERED)).toBeNull();
  });

  it('edits an agency: loads it and sends the edit fields with the center id', async () => {
    const { requests } = renderPage(<AddAgencyPage />, {
      route: '/addagency?id=85',
      api: {
        me: ok(master),
        getallcountries: ok([]),
        'getcentersdetails/85': ok({
          centerId: 85,
          name: 'Hatch Fertility',
          address: '',
          email: 'hatch@x.test',
          contactNo: '2125550100',
          summary: 'Hatch',
          agencyUrl: 'https://hatch.test',
          zipcode: '10001',
          country: 'United States',
          domain: 'Agency',
          status: 1,
          activecount: 3,
          archivedcount: 0,
        }),
        updatecenterdetails: ok(null, MSG.AGENCY_UPDATED),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit agency' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Address is required.')).toBeTruthy();
    fill(/^Address/, '1 Main St');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/agencylist'));
    expect(requests.find((r) => r.name === 'updatecenterdetails')?.body).toMatchObject({
      center_id: 85,
      name: 'Hatch Fertility',
      address: '1 Main St',
    });
  });
});

describe('AllowedOrganizationPage', () => {
  const LIST: AllowedOrganization[] = [
    { centerId: 1, name: 'Main Agency', allowed: true },
    { centerId: 133, name: 'GWK Egg Bank', allowed: false },
  ];
  const page = () =>
    renderPage(
      <ModalsProvider>
        <AllowedOrganizationPage />
        <Link to="/viewclient">Users</Link>
      </ModalsProvider>,
      {
        route: '/allowedorganization',
        path: '/allowedorganization',
        api: {
          me: ok(master),
          getcenters: ok([
            { centerId: 85, name: 'Hatch Fertility' },
            { centerId: 1, name: 'Main Agency' },
          ]),
          'getallowedorganization/85': ok(LIST),
          updateallowedorganization: (r: StubRequest) => {
            const ids = (r.body as { center_details: number[] }).center_details;
            return ok(
              LIST.map((c) => ({ ...c, allowed: ids.includes(c.centerId) })),
              MSG.ALLOWED_ORGANIZATIONS_SAVED,
            );
          },
        },
      },
    );

  async function pickHatchAndTickGwk() {
    fireEvent.click(await screen.findByRole('combobox', { name: 'Agency' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Hatch Fertility', hidden: true }));
    const gwk = (await screen.findByRole('checkbox', { name: 'GWK Egg Bank' })) as HTMLInputElement;
    expect((screen.getByRole('checkbox', { name: 'Main Agency' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(gwk);
    expect(gwk.checked).toBe(true);
    expect(screen.getByText('Unsaved changes', { selector: 'p' })).toBeTruthy();
  }

  it('holds navigation while unsaved; Stay keeps the page, Discard leaves without saving', async () => {
    const { requests } = page();
    await pickHatchAndTickGwk();
    fireEvent.click(screen.getByRole('link', { name: 'Users' }));
    expect(await screen.findByText(MSG.UNSAVED_CHANGES)).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/allowedorganization');
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByText(MSG.UNSAVED_CHANGES)).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/allowedorganization');

    fireEvent.click(screen.getByRole('link', { name: 'Users' }));
    await screen.findByText(MSG.UNSAVED_CHANGES);
    // The page has its own Discard button; use the prompt's.
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/viewclient'));
    expect(requests.some((r) => r.name === 'updateallowedorganization')).toBe(false);
  });

  it('Save in the prompt stores the whole set, then navigates', async () => {
    const { requests } = page();
    await pickHatchAndTickGwk();
    fireEvent.click(screen.getByRole('link', { name: 'Users' }));
    await screen.findByText(MSG.UNSAVED_CHANGES);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/viewclient'));
    expect(requests.find((r) => r.name === 'updateallowedorganization')?.body).toEqual({
      center_id: 85,
      center_details: [1, 133],
    });
  });

  it('lets a saved page leave without asking', async () => {
    page();
    await pickHatchAndTickGwk();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByText('Unsaved changes', { selector: 'p' })).toBeNull());
    fireEvent.click(screen.getByRole('link', { name: 'Users' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/viewclient'));
    expect(screen.queryByText(MSG.UNSAVED_CHANGES)).toBeNull();
  });
});

describe('zipErrors', () => {
  it('checks the zip, latitude and longitude like the server', () => {
    expect(zipErrors({ zipcode: '10001', latitude: '40.7', longitude: '-73.9' })).toEqual({});
    expect(zipErrors({ zipcode: '1001', latitude: '91', longitude: '-181' })).toEqual({
      zipcode: MSG.ZIP_CODE_FORMAT,
      latitude: MSG.LATITUDE_RANGE,
      longitude: MSG.LONGITUDE_RANGE,
    });
    expect(zipErrors({ zipcode: '', latitude: '', longitude: 'x' })).toEqual({
      zipcode: 'Zip code is required.',
      latitude: 'Latitude is required.',
      longitude: MSG.LONGITUDE_RANGE,
    });
  });
});
