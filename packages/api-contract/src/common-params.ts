import { z } from 'zod';
import { DEVICE_TYPES, PLATFORMS, SET_TOP_ENVIRONMENTS } from '@playz/domain';

/**
 * Parameters every client adds to every call (spec 1 §7, spec 3 §7). All optional: a browser
 * that sends none is a Web visitor. Unknown platforms are rejected with 16 by the server.
 */
export const commonParamsSchema = z.object({
  format: z.enum(['json']).optional(),
  platform: z.string().max(32).optional(),
  billing_types: z.string().max(512).optional(),
  device_type: z.enum(DEVICE_TYPES).optional(),
  device_udid: z.string().max(128).optional(),
  device_vendor: z.string().max(128).optional(),
  device_model: z.string().max(128).optional(),
  device_mac: z.string().max(64).optional(),
  device_system_name: z.string().max(64).optional(),
  device_system_version: z.string().max(64).optional(),
  app_version: z.string().max(32).optional(),
  locale: z.string().max(16).optional(),
  country: z.string().max(16).optional(),
  cuid: z.string().max(64).optional(),
  logged_in: z.enum(['0', '1', 'true', 'false']).optional(),
  product: z.string().max(64).optional(),
  c: z.string().max(64).optional(),
  cache_regen: z.enum(['0', '1']).optional(),
  /** The operator set-top box's environment (spec 1 §2, spec 3 §7 "the operator box adds pf"). */
  pf: z.enum(SET_TOP_ENVIRONMENTS).optional(),
});
export type CommonParams = z.infer<typeof commonParamsSchema>;
export const COMMON_PARAM_NAMES = Object.keys(commonParamsSchema.shape) as (keyof CommonParams)[];
export const KNOWN_PLATFORMS = PLATFORMS;
