import { z } from 'zod';

/** A device holding one of the account's simultaneous-stream places (decision 061). */
export const playingDeviceSchema = z.object({
  /** Opaque: names the place, never the session behind it. */
  ID: z.string(),
  /** Vendor and model, else the system, else the platform. */
  name: z.string(),
  /** spec 1 §3 Device type (Desktop, Mobile, Tablet, TV); null when the device did not say. */
  type: z.string().nullable(),
  platform: z.string(),
  /** When that device signed in. */
  since: z.string(),
  /** The device this call comes from. */
  isCurrent: z.boolean(),
});
export type PlayingDevice = z.infer<typeof playingDeviceSchema>;
