import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { EnvelopeStatus } from '@portal/contracts/envelope';
import type { ErrorCode } from '@portal/contracts/error-codes';
import { call, type TestApp } from './app';

interface EnvelopeBody<T> {
  status: EnvelopeStatus;
  data: T;
}

/**
 * Checks what every client relies on: a JSON envelope whose `status.code` equals the HTTP status,
 * a message, and `error_code` exactly when the answer is an error. Returns the parsed body.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function expectEnvelope<T = any>(
  res: LightMyRequestResponse,
  code: number,
  errorCode?: ErrorCode,
): EnvelopeBody<T> {
  expect(res.headers['content-type'], res.body).toMatch(/^application\/json/);
  const body = res.json() as EnvelopeBody<T>;
  expect(
    { http: res.statusCode, code: body.status?.code, error_code: body.status?.error_code },
    res.body,
  ).toEqual({
    http: code,
    code,
    error_code: errorCode,
  });
  expect(typeof body.status.message).toBe('string');
  expect(body.status.message.length).toBeGreaterThan(0);
  expect(Object.keys(body).sort()).toEqual(['data', 'status']);
  if (errorCode) {
    expect(body.data).toBeNull();
    // the reference a member can quote: the answer's X-Request-Id, in the log lines of the request
    expect(body.status.request_id, res.body).toBe(res.headers['x-request-id']);
  }
  return body;
}

/**
 * An answer's body without its request id (each request has its own): for "answered exactly the
 * same" checks, where a difference would tell a caller something.
 */
export function answerText(res: LightMyRequestResponse): string {
  return res.body.replace(/,"request_id":"[^"]*"/, '');
}

/** An answer's parsed body without its request id, for the same checks on whole answers. */
export function answerJson(res: { json(): unknown }): unknown {
  const body = res.json() as { status?: Record<string, unknown> } | null;
  if (!body?.status || !('request_id' in body.status)) return body;
  const { request_id: _own, ...status } = body.status;
  return { ...body, status };
}

/** A success envelope; returns `data`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function expectData<T = any>(res: LightMyRequestResponse, code = 200): T {
  const body = expectEnvelope<T>(res, code);
  expect(body.status.message).toBe('success');
  return body.data;
}

/**
 * An error envelope; returns its status (message, error_code, errors) without the request id, which
 * is each request's own (expectEnvelope checks it is the answer's X-Request-Id): two refusals that
 * must be the same compare equal.
 */
export function expectError(res: LightMyRequestResponse, code: number, errorCode: ErrorCode): EnvelopeStatus {
  const { request_id: _own, ...status } = expectEnvelope(res, code, errorCode).status;
  return status;
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** ISO 8601 in UTC, as the wire format promises. */
export function expectIso(value: unknown) {
  expect(value).toMatch(ISO_UTC);
  expect(Number.isNaN(Date.parse(value as string))).toBe(false);
}

/** POST /member/oauth/token with a refresh token (in the body, or as the cookie when `cookie` is set). */
export async function refresh(app: FastifyInstance, refreshToken: string, via: 'body' | 'cookie' = 'body') {
  return via === 'body'
    ? call(app, 'POST', '/member/oauth/token', {
        body: { grant_type: 'refresh_token', client_id: 'portal-web', refresh_token: refreshToken },
      })
    : call(app, 'POST', '/member/oauth/token', {
        body: { grant_type: 'refresh_token', client_id: 'portal-web' },
        cookies: { portal_rt: refreshToken },
      });
}

/** Turns a user into staff, as an operator would in the database. */
export async function makeStaff(t: TestApp, userId: number) {
  await t.database.pool.query(`update users set type = 'staff' where id = $1`, [userId]);
}

/** One row of a table by a where clause, for "nothing changed" checks. */
export async function row<T = Record<string, unknown>>(
  t: TestApp,
  sqlText: string,
  params: unknown[] = [],
): Promise<T | undefined> {
  const res = await t.database.pool.query(sqlText, params);
  return res.rows[0] as T | undefined;
}

export async function count(t: TestApp, sqlText: string, params: unknown[] = []): Promise<number> {
  const res = await t.database.pool.query<{ n: string | number }>(sqlText, params);
  return Number(res.rows[0]?.n ?? 0);
}
