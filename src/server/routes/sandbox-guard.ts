// The sandbox endpoints (the WeChat sign-in and payment stand-ins of development) answer requests from
// this machine only: loopback addresses, 127.0.0.0/8 and ::1 (also IPv4-mapped). Any other address
// gets 404, as if the endpoint did not exist. The address is the socket's peer (the server does not
// trust X-Forwarded-For), so behind a reverse proxy on the same machine every request looks local:
// such a setup must not run the sandboxes, which NODE_ENV=production refuses (config.ts).
import { BlockList, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { apiError } from '../errors.ts';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Whether `address` (an IPv4 or IPv6 literal) is a loopback address. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  try {
    return loopback.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
  } catch {
    return false;
  }
}

/** Throws NOT_FOUND unless the request comes from a loopback address. */
export function requireLoopback(request: FastifyRequest): void {
  if (!isLoopback(request.ip)) throw apiError('NOT_FOUND');
}
