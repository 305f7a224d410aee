import { runStaffCommand } from '../../../apps/server/src/cli/staff';
import type { Db } from '../../../apps/server/src/db/connect';
import { base32Decode, hotp, totpStep } from '../../../apps/server/src/modules/staff/totp';

/**
 * A staff member signed in the way the console does it (decision 080): the first admin made by the
 * shell's `create-admin` on the server's database, its one-time password, then the TOTP code of the
 * key the enrolment answers. Returns the `cookie` header of the staff session (`playz_staff`).
 */
export async function signInStaff(baseUrl: string, db: Db): Promise<string> {
  const lines: string[] = [];
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@playz.fr`;
  await runStaffCommand(['create-admin', email, 'Bench'], { db: db.db, print: (l) => lines.push(l) });
  const password = /shown once\): (\S+)/.exec(lines.join('\n'))?.[1];
  if (!password) throw new Error(`no staff password in: ${lines.join(' / ')}`);
  const cookieOf = (response: Response) => {
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('playz_staff='));
    if (!cookie) throw new Error(`staff sign-in: HTTP ${response.status}, no playz_staff cookie`);
    return cookie.split(';')[0]!;
  };
  const json = { 'content-type': 'application/json' };
  const first = await fetch(`${baseUrl}/api/admin/session/password`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  const secret = ((await first.json()) as { Response: { enrolment: { secret: string } } }).Response.enrolment.secret;
  const done = await fetch(`${baseUrl}/api/admin/session/second-factor`, {
    method: 'POST',
    headers: { ...json, cookie: cookieOf(first) },
    body: JSON.stringify({ code: hotp(base32Decode(secret), totpStep(Date.now())) }),
  });
  return cookieOf(done);
}
