import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect';
import { createTestApp, type TestApp } from './test-app';

/** A local SMTP server and SMS gateway stand in for the real ones (ARCHITECTURE decision 5). */
const mails: { from: string; to: string[]; raw: string }[] = [];
const smsRequests: { auth: string | undefined; body: { to: string; operator_id: number; text: string } }[] = [];
let smtp: SMTPServer;
let gateway: http.Server;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  gateway = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      smsRequests.push({ auth: req.headers.authorization, body: JSON.parse(body) });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const gatewayPort = (gateway.address() as AddressInfo).port;
  t = await createTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Playz <bonjour@playz.fr>',
      SMS_GATEWAY_URL: `http://sms-user:s3cret@127.0.0.1:${gatewayPort}/send`,
    },
  });
  const database = connectDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
  await database.db
    .updateTable('customers')
    .set({ phone_number: '0611223344' })
    .where('login', '=', 'demo@playz.fr')
    .execute();
  await database.close();
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

describe('Recovery messages through SMTP and the SMS gateway when configured (decision 011)', () => {
  it('sends the reset mail through the SMTP server', async () => {
    await t.app.inject({ method: 'GET', url: '/api/1.2/customer/forgot-password?email=abonne@playz.fr' });
    for (let i = 0; i < 100 && mails.length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ from: 'bonjour@playz.fr', to: ['abonne@playz.fr'] });
    expect(mails[0]?.raw).toMatch(/change-password\?secret=/);
  });

  it('posts the forgot-login SMS to the gateway with its credentials, in international form', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/1.2/customer/forgot-login?msisdn=0611223344&operator_id=1',
    });
    expect(res.json().Response).toEqual({ Result: true });
    expect(smsRequests).toEqual([
      {
        auth: `Basic ${Buffer.from('sms-user:s3cret').toString('base64')}`,
        body: { to: '+33611223344', operator_id: 1, text: 'Playz : votre identifiant de connexion est demo@playz.fr' },
      },
    ]);
  });
});
