import { signIn } from './lib/load/api.js';

const url = process.argv[2]!;
const staff = await signIn(url, 'admin@demo.test');
const id = Number(process.argv[3]);
const tab = await staff.call<{ data: Record<string, unknown> }>('POST', '/api/getdonorformdetails', {
  tabName: 'personalCharacterstics',
  userId: id,
});
const eye = tab.data.eyeColor === 'Blue' ? 'Green' : 'Blue';
await new Promise((r) => setTimeout(r, 1500));
console.log('MARK save');
await staff.call('POST', '/api/updatedonorformdetails', {
  tabName: 'personalCharacterstics',
  userId: id,
  formData: { ...tab.data, eyeColor: eye },
});
await new Promise((r) => setTimeout(r, 1500));
console.log('MARK avail');
await staff.call('POST', '/api/updatedonorstatuswithemail', {
  donor_id: id,
  status: 'Unavailable',
  message: 'x',
});
await new Promise((r) => setTimeout(r, 1500));
await staff.call('POST', '/api/updatedonorstatuswithemail', {
  donor_id: id,
  status: 'Available',
  message: 'x',
});
