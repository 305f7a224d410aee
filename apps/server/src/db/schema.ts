import type { Generated } from 'kysely';

/**
 * Tables as Kysely sees them. Times are ISO 8601 UTC strings (`toISOString()`): they sort as text
 * on SQLite and PostgreSQL alike. Booleans are 0/1 integers for the same reason.
 */
export interface CustomerTable {
  id: Generated<number>;
  uid: string;
  login: string | null;
  password_hash: string | null;
  user_name: string | null;
  locale: string;
  country: string;
  gender: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  optin: number;
  parental_code_hash: string | null;
  logged_with: string | null;
  has_domain_mailbox: number;
  demo_campaign_id: number | null;
  demo_expires_at: string | null;
  created_at: string;
}

export interface SessionTable {
  id: string; // sha-256 of the token the client holds
  customer_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  platform: string;
  device_udid: string | null;
}

export interface DemoCampaignTable {
  id: number;
  name: string;
  duration_days: number | null;
  expiration_date: string | null;
}

export interface OfferTable {
  id: number; // productPriceID
  product_id: number;
  product: string;
  type: string;
  billing_type: string;
  name: string;
  description: string;
  price_cents: number;
  currency: string;
  duration_unit: string;
  duration_count: number;
  free_trial_days: number;
  position: number;
}

export interface SubscriptionTable {
  id: Generated<number>;
  customer_id: number;
  offer_id: number;
  billing_type: string;
  status: string;
  subscriber: number;
  expiration_date: string;
  created_at: string;
  operator_id: number | null;
}

export interface ContentListTable {
  id: number;
  type: string; // Default | Series | Season
  name: string;
  description: string;
  parent_id: number | null;
  number: number | null;
  channel_id: number | null;
  poster: string | null;
  portrait: string | null;
  backdrop: string | null;
  preview: string | null;
  metadata: string; // JSON object
  position: number;
}

export interface ContentTable {
  id: number;
  content_list_id: number | null;
  channel_id: number | null;
  content_type: string; // Film | Episode | Clip | Programme
  title: string;
  description: string;
  duration: number;
  clip_key: string | null;
  year: number | null;
  episode_number: number | null;
  genre: string | null;
  poster: string | null;
  portrait: string | null;
  backdrop: string | null;
  preview: string | null;
  enabled: number;
  expiration_date: string | null;
  created_at: string;
}

export interface ChannelTable {
  id: number;
  channel_type: string; // Playlist | Stream
  name: string;
  description: string;
  locale: string;
  genre: string;
  logo: string | null;
  poster: string | null;
  position: number;
}

export interface ScheduleTable {
  id: number;
  channel_id: number;
  content_id: number;
  date_scheduled: string;
  duration: number;
}

export interface CategoryTable {
  id: number;
  name: string;
  slug: string;
}

export interface CollectionTable {
  id: number;
  name: string;
  channel_id: number | null;
}

export interface CollectionItemTable {
  collection_id: number;
  position: number;
  item_type: string; // Content | ContentList | ContentCollection | Category
  item_id: number;
}

export interface PageRowTable {
  id: number;
  page: string;
  position: number;
  row_type: string;
  type_id: number | null;
  style: string;
  title: string;
}

export interface ProcessingTable {
  customer_id: number;
  content_id: number;
  playback_time: number;
  percentage: number;
  updated_at: string;
}

export interface FavoriteTable {
  customer_id: number;
  item_type: string; // Content | ContentList
  item_id: number;
  created_at: string;
}

export interface SettingTable {
  key: string;
  value: string; // JSON
}

export interface Database {
  customers: CustomerTable;
  sessions: SessionTable;
  demo_campaigns: DemoCampaignTable;
  offers: OfferTable;
  subscriptions: SubscriptionTable;
  content_lists: ContentListTable;
  contents: ContentTable;
  channels: ChannelTable;
  schedules: ScheduleTable;
  categories: CategoryTable;
  collections: CollectionTable;
  collection_items: CollectionItemTable;
  page_rows: PageRowTable;
  processing: ProcessingTable;
  favorites: FavoriteTable;
  settings: SettingTable;
}
