import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { AGENCY_API_MSG } from '@dm/shared';
import { badRequest } from '../../platform/errors.js';

/**
 * Where a webhook may be delivered (decision 028): https anywhere public; in production never a
 * private, loopback, link-local or otherwise internal address, checked on the addresses the name
 * resolves to when registering and again as each delivery connects (the `lookup` below), so a
 * name that changes its answer later does not reach inside. Outside production http is allowed
 * for the loopback host only (a receiver on this machine in development and tests).
 */
const INTERNAL = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  INTERNAL.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  INTERNAL.addSubnet(net, bits, 'ipv6');

/** Whether an address is internal (IPv4-mapped IPv6 addresses are judged as their IPv4). */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return INTERNAL.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** 400 unless the URL's scheme and host may be a webhook target (no name resolution). */
export function checkWebhookUrl(raw: string, production: boolean): URL {
  const url = new URL(raw);
  if (url.username || url.password) throw badRequest(AGENCY_API_MSG.WEBHOOK_URL);
  if (url.protocol === 'https:') {
    if (
      production &&
      isIP(url.hostname.replace(/^\[|\]$/g, '')) &&
      isInternalAddress(url.hostname.replace(/^\[|\]$/g, ''))
    )
      throw badRequest(AGENCY_API_MSG.WEBHOOK_URL_PRIVATE);
    if (production && LOOPBACK_HOSTS.has(url.hostname)) throw badRequest(AGENCY_API_MSG.WEBHOOK_URL_PRIVATE);
    return url;
  }
  if (url.protocol === 'http:' && !production && LOOPBACK_HOSTS.has(url.hostname)) return url;
  throw badRequest(AGENCY_API_MSG.WEBHOOK_URL);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request that refuses internal addresses in production: the check is made
 * on the very address the socket connects to.
 */
export function guardedLookup(production: boolean) {
  return (hostname: string, options: object, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      if (production && list.some((a) => isInternalAddress(a.address))) {
        const refused = Object.assign(new Error('internal address refused'), { code: 'EINTERNAL' });
        return callback(refused, []);
      }
      if ((options as { all?: boolean }).all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}

/** In production, 400 when the host resolves to an internal address (registration time). */
export async function checkResolvedHost(url: URL, production: boolean): Promise<void> {
  if (!production) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = await new Promise<LookupAddress[]>((resolve) =>
    dnsLookup(host, { all: true }, (error, found) => resolve(error ? [] : found)),
  );
  if (addresses.length === 0 || addresses.some((a) => isInternalAddress(a.address)))
    throw badRequest(AGENCY_API_MSG.WEBHOOK_URL_PRIVATE);
}
