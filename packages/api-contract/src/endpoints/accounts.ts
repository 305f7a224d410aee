import { z } from 'zod';
import { appSchema } from '../entities/app';
import { customerSchema } from '../entities/customer';
import { defineEndpoint } from '../endpoint';

const customerResponse = z.object({ Customer: customerSchema });

/** spec 1 §7 GET /data: application data and the current customer (visitor or logged). */
export const getData = defineEndpoint({
  method: 'GET',
  path: '/data',
  access: 'visitor',
  summary: 'Application data and the current customer',
  tags: ['accounts'],
  response: z.object({ App: appSchema, Customer: customerSchema }),
});

export const getCustomer = defineEndpoint({
  method: 'GET',
  path: '/customer',
  access: 'visitor',
  summary: 'The current customer',
  tags: ['accounts'],
  response: customerResponse,
});

/** spec 1 §7 POST /customer: log in with login and password (form-encoded). */
export const logIn = defineEndpoint({
  method: 'POST',
  path: '/customer',
  access: 'visitor',
  summary: 'Log in with e-mail and password',
  tags: ['accounts'],
  body: z.object({
    login: z.string().max(254).optional(),
    password: z.string().max(1024).optional(),
    sso_source: z.string().max(32).optional(),
    /** An ID token the provider issued to our client id (docs/decisions/012); checked, never trusted. */
    sso_id: z.string().max(8192).optional(),
  }),
  response: customerResponse,
  errors: [11, 13, 17, 18],
});

export const logOut = defineEndpoint({
  method: 'GET',
  path: '/customer/logout',
  access: 'visitor',
  summary: 'Log out: the session dies on the server',
  tags: ['accounts'],
  response: z.object({ Success: z.boolean() }),
});
