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
  const signIn = async (email: string, password: string) => {
    const now = nextStep();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session/password',
      headers: json,
      payload: { email, password },
    });
    const secret = first.json().Response.enrolment.secret as string;
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
  roles.admin = await signIn('root@playz.fr', /shown once\): (\S+)/.exec(lines.join('\n'))![1]!);
  for (const role of memberRoles) {
    const created = await call('POST', '/staff', roles.admin, { email: `${role}@playz.fr`, name: role, roles: [role] });
    roles[role] = await signIn(`${role}@playz.fr`, created.json().Response.password as string);
  }
  return { call, signIn, roles };
}
