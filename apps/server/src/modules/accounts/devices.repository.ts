import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DeviceIdentity } from '../../sessions/caller';

export type { DeviceIdentity };

export function createDevicesRepository(db: Kysely<Database>) {
  return {
    /**
     * The device row for this identity: found by (account, platform, udid) and refreshed, or
     * created. A client without a udid gets a row of its own per sign-in.
     */
    async register(customerId: number, identity: DeviceIdentity, now: string): Promise<number> {
      const fields = {
        type: identity.type,
        vendor: identity.vendor,
        model: identity.model,
        mac: identity.mac,
        system_name: identity.systemName,
        system_version: identity.systemVersion,
        app_version: identity.appVersion,
        last_seen_at: now,
      };
      if (identity.udid !== null) {
        const found = await db
          .selectFrom('devices')
          .select('id')
          .where('customer_id', '=', customerId)
          .where('platform', '=', identity.platform)
          .where('udid', '=', identity.udid)
          .executeTakeFirst();
        if (found) {
          await db.updateTable('devices').set(fields).where('id', '=', found.id).execute();
          return found.id;
        }
      }
      const row = await db
        .insertInto('devices')
        .values({
          ...fields,
          uid: randomUUID(),
          customer_id: customerId,
          platform: identity.platform,
          udid: identity.udid,
          first_seen_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Devices with at least one live session, the most recently used first. */
    listActive(customerId: number, now: string) {
      return db
        .selectFrom('devices as d')
        .innerJoin('sessions as s', 's.device_id', 'd.id')
        .select([
          'd.id',
          'd.uid',
          'd.platform',
          'd.type',
          'd.udid',
          'd.vendor',
          'd.model',
          'd.mac',
          'd.system_name',
          'd.system_version',
          'd.app_version',
          'd.first_seen_at',
        ])
        .select((eb) => eb.fn.max('s.last_seen_at').as('last_seen_at'))
        .where('d.customer_id', '=', customerId)
        .where('s.expires_at', '>', now)
        .groupBy([
          'd.id',
          'd.uid',
          'd.platform',
          'd.type',
          'd.udid',
          'd.vendor',
          'd.model',
          'd.mac',
          'd.system_name',
          'd.system_version',
          'd.app_version',
          'd.first_seen_at',
        ])
        .orderBy('last_seen_at', 'desc')
        .execute();
    },

    findByUid(customerId: number, uid: string) {
      return db
        .selectFrom('devices')
        .select('id')
        .where('customer_id', '=', customerId)
        .where('uid', '=', uid)
        .executeTakeFirst();
    },

    /** Removing the device ends its sessions (sessions.device_id cascades). */
    async delete(deviceId: number) {
      await db.deleteFrom('devices').where('id', '=', deviceId).execute();
    },

    /** Rows left without any session (signed out, or sessions ended) are forgotten. */
    async deleteUnused(customerId: number) {
      await db
        .deleteFrom('devices')
        .where('customer_id', '=', customerId)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('sessions').select('id').whereRef('sessions.device_id', '=', 'devices.id'))),
        )
        .execute();
    },
  };
}
export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
export type ActiveDeviceRow = Awaited<ReturnType<DevicesRepository['listActive']>>[number];
