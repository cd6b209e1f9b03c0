import { type AddressInfo, createServer } from 'node:net';
import { ACCOUNT_MSG, DEMO_PASSWORD, REALTIME_PATH } from '@dm/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';

/**
 * A password change drops the sockets of the user's other sessions at once, not at the 60 s
 * re-check (the app serves real sockets here; the re-check is never run).
 */
let t: TestApp;
let base: string;
const opened: Socket[] = [];

beforeAll(async () => {
  // The public URL must name the port the socket is opened on: take a free one first.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  base = `http://127.0.0.1:${port}`;
  t = await startTestApp({ publicUrl: base }, { sockets: true });
  await t.app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  for (const socket of opened) socket.close();
  await t?.close();
});

function client(token: string): Socket {
  const socket = connect(base, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  opened.push(socket);
  return socket;
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

describe('POST /api/changepassword with live sockets', () => {
  it("disconnects the other sessions' sockets at once and keeps the caller's", async () => {
    const mine = await t.tokenFor('manager@demo.test');
    const other = await t.tokenFor('manager@demo.test');
    const mySocket = client(mine);
    const otherSocket = client(other);
    await Promise.all([connected(mySocket), connected(otherSocket)]);
    const gone = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the other socket stayed connected')), 3000);
      otherSocket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
    const res = await t.request({
      method: 'POST',
      url: '/api/changepassword',
      as: mine,
      payload: { current_password: DEMO_PASSWORD, password: 'Changed!Pass9', cpassword: 'Changed!Pass9' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ACCOUNT_MSG.PASSWORD_CHANGED);
    expect(await gone).toBe('io server disconnect');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mySocket.connected).toBe(true);
  });
});
