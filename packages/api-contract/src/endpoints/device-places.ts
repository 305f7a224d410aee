import { z } from 'zod';
import { playingDeviceSchema } from '../entities/device-place';
import { defineEndpoint } from '../endpoint';

/**
 * Beyond the spec (decision 061): the devices holding the account's places, so the devices-limit
 * dialog (spec 1 §6) can offer to stop one of them.
 */
export const getPlayingDevices = defineEndpoint({
  method: 'GET',
  path: '/customer/playback/devices',
  access: 'customer',
  summary: "The devices holding the account's simultaneous-stream places",
  tags: ['playback'],
  response: z.object({ Devices: z.array(playingDeviceSchema) }),
  errors: [11],
});

/**
 * Beyond the spec (decision 061): stops the streams of one device holding a place and frees the
 * place at once, so this device may play (7 when no such place is held).
 */
export const stopPlayingDevice = defineEndpoint({
  method: 'POST',
  path: '/customer/playback/devices/stop',
  access: 'customer',
  summary: "Stop another device's streams and free its place",
  tags: ['playback'],
  body: z.object({ device_id: z.string().max(64) }),
  response: z.object({ Success: z.boolean() }),
  errors: [7, 11],
});
