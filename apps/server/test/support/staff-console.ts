import type { LightMyRequestResponse } from 'fastify';
import { runStaffCommand } from '../../src/cli/staff';
import { base32Decode, hotp, totpStep } from '../../src/modules/staff/totp';
import type { TestApp } from '../test-app';

const json = { 'content-type': 'application/json' };

/** The console session's cookie a staff answer set (decision 080). */
export const staffCookie = (res: LightMyRequestResponse) =>
  `playz_staff=${res.cookies.find((c) => c.name === 'playz_staff')!.value}`;

export interface StaffConsole {
  /** A console call (`/api/admin` + url) under a member's cookie; POST sends JSON. */
  call(method: 'GET' | 'POST', url: string, cookie: string, payload?: object): Promise<LightMyRequestResponse>;
  /** Password, then the TOTP code of the enrolment the first sign-in offers. */
  signIn(email: string, password: string): Promise<string>;
  /** Each role's signed-in cookie: `admin` (made by the CLI) and one member per role asked for. */
  roles: Record<string, string>;
  /**
   * Signs every role in again with its password and the TOTP secret enrolled at its first
   * sign-in, into `roles`: console sessions last a working day (decision 080), so a test that
   * moves its clock past one needs new cookies.
   */
  signInAgain(): Promise<void>;
}

/**
 * The console as the API tests meet it: the first admin made by `npm run staff create-admin`, who
 * adds one member per role, each signed in with password and TOTP. `nextStep` moves the test app's
 * clock to a new TOTP step and returns it (a code is taken once per step).
 */
export async function staffConsole(t: TestApp, nextStep: () => number, memberRoles: string[]): Promise<StaffConsole> {
  const call: StaffConsole['call'] = (method, url, cookie, payload = {}) =>
    t.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: { cookie, ...(method === 'POST' ? json : {}) },
      ...(method === 'POST' ? { payload } : {}),
    });
  const secrets = new Map<string, string>();
  const signIn = async (email: string, password: string) => {
    const now = nextStep();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session/password',
      headers: json,
      payload: { email, password },
    });
    const secret = secrets.get(email) ?? (first.json().Response.enrolment.secret as string);
    secrets.set(email, secret);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session/second-factor',
      headers: { ...json, cookie: staffCookie(first) },
      payload: { code: hotp(base32Decode(secret), totpStep(now)) },
    });
    return staffCookie(done);
  };
  const lines: string[] = [];
  await runStaffCommand(['create-admin', 'root@playz.fr', 'Root'], { db: t.database.db, print: (l) => lines.push(l) });
  const roles: Record<string, string> = {};
  const credentials = new Map<string, { email: string; password: string }>();
  credentials.set('admin', { email: 'root@playz.fr', password: /shown once\): (\S+)/.exec(lines.join('\n'))![1]! });
  roles.admin = await signIn('root@playz.fr', credentials.get('admin')!.password);
  for (const role of memberRoles) {
    const created = await call('POST', '/staff', roles.admin, { email: `${role}@playz.fr`, name: role, roles: [role] });
    credentials.set(role, { email: `${role}@playz.fr`, password: created.json().Response.password as string });
    roles[role] = await signIn(`${role}@playz.fr`, credentials.get(role)!.password);
  }
  const signInAgain = async () => {
    for (const [role, { email, password }] of credentials) roles[role] = await signIn(email, password);
  };
  return { call, signIn, roles, signInAgain };
}
