import { z } from 'zod';
import { defineAdminEndpoint } from './admin-endpoint';

/** A channel as the console lists it (decision 102), hidden ones included. */
const AdminChannelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Playlist (assembled from the library by its guide) or Stream (a live encoder), spec 2. */
  type: z.string(),
  logo: z.string().nullable(),
  genre: z.string(),
  /** Its place in the viewers' lists, from 1. */
  position: z.number().int(),
  /** When an editor hid it from the viewers' lists; null when shown. */
  hiddenAt: z.string().nullable(),
});
export type AdminChannel = z.infer<typeof AdminChannelSchema>;

export const listAdminChannels = defineAdminEndpoint({
  method: 'GET',
  path: '/channels',
  access: 'staff',
  roles: ['editor'],
  summary: 'Every channel in the viewers’ order, hidden ones included, with its logo, type and state',
  response: z.object({ channels: z.array(AdminChannelSchema) }),
});

export const reorderAdminChannels = defineAdminEndpoint({
  method: 'POST',
  path: '/channels/order',
  access: 'staff',
  roles: ['editor'],
  summary: 'Puts the channels in a new order; the list must name every channel once',
  body: z.object({ ids: z.array(z.number().int().positive()).min(1).max(10_000) }),
  response: z.object({ channels: z.array(AdminChannelSchema) }),
});

const channelId = z.object({ id: z.coerce.number().int().positive() });

export const hideAdminChannel = defineAdminEndpoint({
  method: 'POST',
  path: '/channels/:id/hide',
  access: 'staff',
  roles: ['editor'],
  summary: 'Takes a channel out of the viewers’ lists (channels, guide, search); its schedule stays',
  params: channelId,
  response: z.object({ channel: AdminChannelSchema, repeated: z.boolean() }),
});

export const showAdminChannel = defineAdminEndpoint({
  method: 'POST',
  path: '/channels/:id/show',
  access: 'staff',
  roles: ['editor'],
  summary: 'Puts a hidden channel back in the viewers’ lists, in its place',
  params: channelId,
  response: z.object({ channel: AdminChannelSchema, repeated: z.boolean() }),
});
