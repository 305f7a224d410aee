import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../connect';

/** An auto-numbered primary key on both engines (SQLite AUTOINCREMENT, PostgreSQL serial). */
function withSerialId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export function initialMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('demo_campaigns')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('duration_days', 'integer')
        .addColumn('expiration_date', 'text')
        .execute();

      await withSerialId(db.schema.createTable('customers'), dialect)
        .addColumn('uid', 'text', (c) => c.notNull().unique())
        .addColumn('login', 'text', (c) => c.unique())
        .addColumn('password_hash', 'text')
        .addColumn('user_name', 'text')
        .addColumn('locale', 'text', (c) => c.notNull().defaultTo('fr'))
        .addColumn('country', 'text', (c) => c.notNull().defaultTo('fr'))
        .addColumn('gender', 'text')
        .addColumn('first_name', 'text')
        .addColumn('last_name', 'text')
        .addColumn('phone_number', 'text')
        .addColumn('optin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('parental_code_hash', 'text')
        .addColumn('logged_with', 'text')
        .addColumn('has_domain_mailbox', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('demo_campaign_id', 'integer', (c) => c.references('demo_campaigns.id'))
        .addColumn('demo_expires_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('device_udid', 'text')
        .execute();
      await db.schema.createIndex('sessions_customer').on('sessions').column('customer_id').execute();

      await db.schema
        .createTable('offers')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('product', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('billing_type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('duration_unit', 'text', (c) => c.notNull())
        .addColumn('duration_count', 'integer', (c) => c.notNull())
        .addColumn('free_trial_days', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();

      await withSerialId(db.schema.createTable('subscriptions'), dialect)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
        .addColumn('offer_id', 'integer', (c) => c.notNull().references('offers.id'))
        .addColumn('billing_type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('subscriber', 'integer', (c) => c.notNull())
        .addColumn('expiration_date', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('operator_id', 'integer')
        .execute();
      await db.schema.createIndex('subscriptions_customer').on('subscriptions').column('customer_id').execute();

      await db.schema
        .createTable('channels')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('channel_type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('genre', 'text', (c) => c.notNull())
        .addColumn('logo', 'text')
        .addColumn('poster', 'text')
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('content_lists')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'integer', (c) => c.references('content_lists.id'))
        .addColumn('number', 'integer')
        .addColumn('channel_id', 'integer', (c) => c.references('channels.id'))
        .addColumn('poster', 'text')
        .addColumn('portrait', 'text')
        .addColumn('backdrop', 'text')
        .addColumn('preview', 'text')
        .addColumn('metadata', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('contents')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('content_list_id', 'integer', (c) => c.references('content_lists.id'))
        .addColumn('channel_id', 'integer', (c) => c.references('channels.id'))
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('duration', 'real', (c) => c.notNull())
        .addColumn('clip_key', 'text')
        .addColumn('year', 'integer')
        .addColumn('episode_number', 'integer')
        .addColumn('genre', 'text')
        .addColumn('poster', 'text')
        .addColumn('portrait', 'text')
        .addColumn('backdrop', 'text')
        .addColumn('preview', 'text')
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('expiration_date', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('contents_list').on('contents').column('content_list_id').execute();

      await db.schema
        .createTable('schedules')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id'))
        .addColumn('content_id', 'integer', (c) => c.notNull().references('contents.id'))
        .addColumn('date_scheduled', 'text', (c) => c.notNull())
        .addColumn('duration', 'real', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('schedules_channel_date')
        .on('schedules')
        .columns(['channel_id', 'date_scheduled'])
        .execute();

      await db.schema
        .createTable('categories')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .execute();

      await db.schema
        .createTable('collections')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('channel_id', 'integer', (c) => c.references('channels.id'))
        .execute();

      await db.schema
        .createTable('collection_items')
        .addColumn('collection_id', 'integer', (c) => c.notNull().references('collections.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('item_type', 'text', (c) => c.notNull())
        .addColumn('item_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('collection_items_pk', ['collection_id', 'position'])
        .execute();

      await db.schema
        .createTable('page_rows')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('page', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('row_type', 'text', (c) => c.notNull())
        .addColumn('type_id', 'integer')
        .addColumn('style', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('processing')
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
        .addColumn('content_id', 'integer', (c) => c.notNull().references('contents.id'))
        .addColumn('playback_time', 'real', (c) => c.notNull())
        .addColumn('percentage', 'real', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('processing_pk', ['customer_id', 'content_id'])
        .execute();

      await db.schema
        .createTable('favorites')
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
        .addColumn('item_type', 'text', (c) => c.notNull())
        .addColumn('item_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('favorites_pk', ['customer_id', 'item_type', 'item_id'])
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
