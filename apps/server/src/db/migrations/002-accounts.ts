import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../connect';

function withSerialId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * Account management: profiles and their pictures, alerts, devices, cookie consent on
 * the account, domain mailboxes, and deleted accounts kept without personal data when they have
 * billing records (docs/decisions/009). SQLite adds one column per ALTER statement.
 */
export function accountsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const column of [
        'address',
        'domain_mailbox_login',
        'domain_mailbox_password',
        'consent_cookie_type_ids',
        'consent_updated_at',
        'deleted_at',
      ]) {
        await db.schema.alterTable('customers').addColumn(column, 'text').execute();
      }

      await db.schema
        .createTable('profile_pictures')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();

      await withSerialId(db.schema.createTable('customer_profiles'), dialect)
        .addColumn('uuid', 'text', (c) => c.notNull().unique())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('profile_picture_id', 'integer', (c) => c.references('profile_pictures.id').onDelete('set null'))
        .addColumn('is_kids', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('customer_profiles_customer').on('customer_profiles').column('customer_id').execute();

      await db.schema
        .createTable('customer_alerts')
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
        .addColumn('alert_type', 'text', (c) => c.notNull())
        .addColumn('delta_time', 'integer', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('customer_alerts_pk', ['customer_id', 'alert_type'])
        .execute();

      await withSerialId(db.schema.createTable('devices'), dialect)
        .addColumn('uid', 'text', (c) => c.notNull().unique())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('type', 'text')
        .addColumn('udid', 'text')
        .addColumn('vendor', 'text')
        .addColumn('model', 'text')
        .addColumn('mac', 'text')
        .addColumn('system_name', 'text')
        .addColumn('system_version', 'text')
        .addColumn('app_version', 'text')
        .addColumn('first_seen_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('devices_customer_udid')
        .on('devices')
        .columns(['customer_id', 'platform', 'udid'])
        .execute();

      // A device's sessions end with it; a profile that goes leaves the session on the first one.
      await db.schema
        .alterTable('sessions')
        .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('cascade'))
        .execute();
      await db.schema
        .alterTable('sessions')
        .addColumn('profile_id', 'integer', (c) => c.references('customer_profiles.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('sessions_device').on('sessions').column('device_id').execute();
    },
  };
}
