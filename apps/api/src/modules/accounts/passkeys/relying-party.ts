/**
 * The WebAuthn relying party of the portal, from its public address (PUBLIC_URL): the RP ID is its
 * host name and the browser's origin must be its origin. An IP address cannot be an RP ID, so a
 * portal served on a loopback address (a developer's machine, the browser tests) is the relying
 * party "localhost" and takes http://localhost on the same port, which browsers treat as secure.
 */
export interface RelyingParty {
  rpID: string;
  origins: string[];
}

const LOOPBACK = new Set(['127.0.0.1', '[::1]', '::1', 'localhost']);

export function relyingParty(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  if (!LOOPBACK.has(url.hostname)) return { rpID: url.hostname, origins: [url.origin] };
  const localhost = `${url.protocol}//localhost${url.port ? `:${url.port}` : ''}`;
  return { rpID: 'localhost', origins: [...new Set([url.origin, localhost])] };
}
