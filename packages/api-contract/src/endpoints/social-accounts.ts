import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/**
 * Beyond the spec (decision 086): the social accounts an account signs in with, so its owner sees
 * which address the provider gave us (an Apple private relay address looks like no address of
 * theirs) and whether Apple still forwards mail to it.
 */
export const listSocialAccounts = defineEndpoint({
  method: 'GET',
  path: '/customer/sso/accounts',
  access: 'customer',
  summary: 'The social accounts this account signs in with (beyond the spec, decision 086)',
  tags: ['accounts'],
  response: z.object({
    SocialAccounts: z.array(
      z.object({
        /** App.singleSignOns name: Google, Facebook, Apple. */
        provider: z.string(),
        /** The address the provider gave, null when it gave none. */
        email: z.string().nullable(),
        /** false once Apple says it stopped forwarding mail to the relay address. */
        emailForwarding: z.boolean(),
        since: z.string(),
      }),
    ),
  }),
  errors: [11],
});

/**
 * The status page of a provider's data-deletion request (Facebook's callback answers with its
 * address and code, decision 086). The request is carried out when it arrives, so a known code is
 * done; 7 for an unknown one.
 */
export const getSocialDeletionStatus = defineEndpoint({
  method: 'GET',
  path: '/customer/sso/deletion-status',
  access: 'visitor',
  summary: "A provider's data-deletion request: its status (beyond the spec, decision 086)",
  tags: ['accounts'],
  query: z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) }),
  response: z.object({
    Provider: z.string(),
    ReceivedAt: z.string(),
    Status: z.literal('done'),
  }),
  errors: [3, 7],
});
