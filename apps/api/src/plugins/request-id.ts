import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * The request id (issue 21, item 6): what ties a member's complaint ("it said error, reference
 * 3f2c…") to the log lines of that request. Fastify puts it on every line logged through
 * `request.log` (as `reqId`); the error envelope carries it as `status.request_id`, and every answer
 * as the `X-Request-Id` header.
 *
 * A proxy in front may have given the request its id already (nginx's `$request_id`), so that its
 * access log and ours name the same one: `X-Request-Id` is taken from the request only when it comes
 * from a proxy TRUST_PROXY believes, and only when it looks like an id; otherwise a new UUID. A
 * client can never choose the id its request is logged under.
 */
export const REQUEST_ID_HEADER = 'x-request-id';
const ID = /^[A-Za-z0-9._:@+=/-]{1,128}$/;

/** Whether the connection's peer is a proxy TRUST_PROXY believes. */
function trustedPeer(trust: Config['trustProxy']): (address: string) => boolean {
  if (trust === false) return () => false;
  // A hop count: that many proxies stand in front, so the peer is one of them.
  if (typeof trust === 'number') return () => trust > 0;
  const list = new net.BlockList();
  for (const entry of trust) {
    const [address = '', bits] = entry.split('/');
    const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  // (An IPv4 peer on a dual-stack socket reads ::ffff:a.b.c.d, which BlockList matches to a.b.c.d.)
  return (address) => list.check(address, net.isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** Fastify's options for the request id: ours instead of its header rule and counter. */
export function requestIdOptions(trust: Config['trustProxy']) {
  const fromProxy = trustedPeer(trust);
  return {
    requestIdHeader: false as const,
    genReqId: (raw: IncomingMessage): string => {
      const given = raw.headers[REQUEST_ID_HEADER];
      if (typeof given === 'string' && ID.test(given) && fromProxy(raw.socket?.remoteAddress ?? ''))
        return given;
      return randomUUID();
    },
  };
}

/** Every answer says its request id, the 404s and errors of any route included. */
export function registerRequestIdHeader(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
