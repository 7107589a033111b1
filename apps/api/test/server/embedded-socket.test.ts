import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/db/embedded';

async function serverAddress(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ addr: string | null }>('select inet_server_addr()::text as addr');
    return rows[0]!.addr;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL', () => {
  let dir: string;
  let server: EmbeddedPostgres;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-socket-'));
    server = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), ephemeral: true, notice: () => {} });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('when the portal connects then its own pool goes through the Unix socket in the data directory, and tools still reach 127.0.0.1', async () => {
    expect(server.localUrl).not.toBe(server.url);
    // inet_server_addr() is null on a Unix-socket connection.
    expect(await serverAddress(server.localUrl)).toBeNull();
    expect(await serverAddress(server.url)).toBe('127.0.0.1/32');
    const socket = path.join(dir, 'pg', `.s.PGSQL.${server.port}`);
    expect(fs.statSync(socket).isSocket()).toBe(true);
  });

  it('when the socket is used then the password is still required', async () => {
    const anonymous = new URL(server.localUrl);
    anonymous.password = '';
    await expect(serverAddress(anonymous.toString())).rejects.toThrow();
  });
});
