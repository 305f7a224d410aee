import type { ColumnType, Generated } from 'kysely';
import type { CatalogueDeskTables } from './catalogue-desk-schema';
import type { StaffTables } from './staff-schema';

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
  // Migration 002 (account management).
  address: string | null;
  /** Mailbox on the service's own domain (operator-billing accounts). */
  domain_mailbox_login: string | null;
  /** The generated mailbox password, AES-256-GCM sealed (lib/secret-box.ts). */
  domain_mailbox_password: string | null;
  /** JSON array of accepted cookie type ids (spec 3 §4), null until a choice is made. */
  consent_cookie_type_ids: string | null;
  consent_updated_at: string | null;
  /** Set when a deleted account is kept, without personal data, for its billing records. */
  deleted_at: string | null;
  // Migration 006: the promo code redeemed at registration (decision 019).
  promo_code: string | null;
  promo_redeemed_at: string | null;
  /** Migration 013 (decision 059): the lowest rating that asks for the parental code; null reads as -16. */
  parental_threshold?: number | null;
  /** Migration 019 (decision 058 addendum): YYYY-MM-DD, null until the customer gives it. */
  date_of_birth?: string | null;
}

export interface SessionTable {
  id: string; // sha-256 of the token the client holds
  customer_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  platform: string;
  device_udid: string | null;
  // Migration 002: the device the session runs on, and the profile it uses.
  device_id: number | null;
  profile_id: number | null;
}

/** Migration 002: a device a customer signed in on (spec 1 §3 Device identity). */
export interface DeviceTable {
  id: Generated<number>;
  uid: string;
  customer_id: number;
  platform: string;
  type: string | null;
  udid: string | null;
  vendor: string | null;
  model: string | null;
  mac: string | null;
  system_name: string | null;
  system_version: string | null;
  app_version: string | null;
  first_seen_at: string;
  last_seen_at: string;
}

export interface CustomerProfileTable {
  id: Generated<number>;
  uuid: string;
  customer_id: number;
  user_name: string;
  profile_picture_id: number | null;
  is_kids: number;
  position: number;
  created_at: string;
}

/** A profile's subtitle and audio choices (decision 081); no row until the profile chooses. */
export interface ProfileLanguagesTable {
  profile_id: number;
  audio_language: string | null;
  subtitle_language: string | null;
  subtitle_size: string;
  subtitle_background: string;
  updated_at: string;
}

export interface ProfilePictureTable {
  id: number;
  name: string;
  path: string; // under DATA_DIR/media
  position: number;
}

/** An alert sent (decision 062): written before the mail leaves, so it leaves once. */
export interface AlertDeliveryTable {
  customer_id: number;
  alert_key: string; // live-event:<id>
  sent_at: string;
  /** Migration 014: 1 while the mail of a delivery that could not leave is due again (decision 066). */
  mail_retry: Generated<number>;
}

/** Migration 014: a browser's Web Push subscription (decision 066); id is the endpoint's SHA-256. */
export interface PushSubscriptionTable {
  id: string;
  customer_id: number;
  session_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: string;
  created_at: string;
}

export interface CustomerAlertTable {
  customer_id: number;
  alert_type: string; // LiveEvent | Newsletter
  delta_time: number; // minutes
  enabled: number;
  updated_at: string;
}

export interface DemoCampaignTable {
  id: number;
  name: string;
  duration_days: number | null;
  expiration_date: string | null;
}

/** Migration 006: a promo code opens a demo campaign (its free days) at registration. */
export interface PromoCodeTable {
  code: string; // upper case
  demo_campaign_id: number;
  expires_at: string | null;
  created_at: string;
  /** Migration 030 (decision 090): the cap on redemptions (null: none), when disabled, who made it. */
  max_redemptions: ColumnType<number | null, number | null | undefined, number | null>;
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** Migration 008 (decision 025): promo price and its dates, store SKU, purchase validity. */
  promo_price_cents: ColumnType<number | null, number | null | undefined, number | null>;
  promo_start_date: ColumnType<string | null, string | null | undefined, string | null>;
  promo_end_date: ColumnType<string | null, string | null | undefined, string | null>;
  promo_duration_days: ColumnType<number | null, number | null | undefined, number | null>;
  promo_text: ColumnType<string | null, string | null | undefined, string | null>;
  sku: ColumnType<string | null, string | null | undefined, string | null>;
  purchase_hours: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 034 (decision 099): taken off sale, and the offer that replaced it. */
  hidden_at: ColumnType<string | null, string | null | undefined, string | null>;
  replaced_by: ColumnType<number | null, number | null | undefined, number | null>;
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
  /** When it was unsubscribed (migration 005); null while it renews. */
  cancelled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 008 (decision 025): the billing that created it (unique) and the provider's id. */
  billing_id: ColumnType<string | null, string | null | undefined, string | null>;
  provider_ref: ColumnType<string | null, string | null | undefined, string | null>;
  /** Price of each renewed term, in cents (the offer's, or its promo). */
  price_cents: ColumnType<number | null, number | null | undefined, number | null>;
  currency: ColumnType<string | null, string | null | undefined, string | null>;
  trial_ends_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the billing job tries the renewal charge again after a refusal. */
  next_attempt_at: ColumnType<string | null, string | null | undefined, string | null>;
  failed_attempts: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A payment attempt: the spec's billing_id (decision 025). */
export interface BillingTable {
  id: string;
  customer_id: number | null;
  offer_id: number;
  billing_type: string;
  kind: string; // Subscription | Purchase | CardUpdate | CardSave
  state: string; // Pending | Succeeded | Failed | Abandoned
  amount_cents: number;
  currency: string;
  trial_days: number;
  purchase_content: string | null; // JSON PurchaseContentRequest
  operator_id: number | null;
  msisdn: string | null;
  requested_url: string | null;
  platform: string;
  provider_ref: string | null;
  failure: string | null;
  subscription_id: number | null;
  purchase_id: number | null;
  created_at: string;
  updated_at: string;
  // Migration 010 (decision 052): the starting browser's secret, hashed; the sign-in a payment gives.
  holder_hash: string | null;
  created_customer: Generated<number>;
  paid_at: string | null;
  signed_in_at: string | null;
}

/**
 * Migration 019 (decision 058 addendum): the card a card billing registered, as the processor
 * masked it: its brand, last four digits and expiry, never more of the number.
 */
export interface BillingCardTable {
  billing_id: string;
  brand: string | null;
  last4: string;
  expiry_month: number | null;
  expiry_year: number | null;
  created_at: string;
}

/** Migration 022 (decision 083): the customer's card on file, as the processor's token. */
export interface SavedCardTable {
  customer_id: number;
  billing_type: string;
  token: string;
  billing_id: string;
  brand: string | null;
  last4: string;
  expiry_month: number | null;
  expiry_year: number | null;
  saved_at: string;
}

/** What a provider told us, once per provider key (the exactly-once gate, decision 025). */
export interface BillingEventTable {
  id: Generated<number>;
  billing_type: string;
  event_key: string;
  kind: string;
  outcome: string; // applied | rejected | ignored
  billing_id: string | null;
  subscription_id: number | null;
  amount_cents: number | null;
  currency: string | null;
  detail: string | null;
  received_at: string;
}

/** Every change of money or access, amounts in cents (decision 025). */
export interface BillingLedgerTable {
  id: Generated<number>;
  customer_id: number | null;
  subscription_id: number | null;
  purchase_id: number | null;
  billing_id: string | null;
  billing_type: string;
  entry: string;
  amount_cents: number;
  currency: string;
  detail: string | null;
  created_at: string;
  /** Migration 041 (decision 109): the provider's reference of the payment a `Renewed` line records. */
  provider_ref?: string | null;
  /** Migration 041: the paid line a `Refunded` line gives money back of. */
  refund_of?: number | null;
}

/** A failed run of the in-process job queue, kept across restarts (migration 041, decision 109). */
export interface JobDeadLetterTable {
  id: string;
  queue: string;
  name: string;
  data_json: string;
  payload: string;
  attempts: number;
  error: string;
  failed_at: string;
}

/** The View streams sampled in one UTC hour, per counting scope (migration 044, decision 116). */
export interface StreamHourTable {
  hour: string;
  scope: string;
  samples: number;
  last_minute: string;
  peak: number;
  total: number;
  peak_vod: number;
  peak_live: number;
  peak_event: number;
}

/** A single purchase of a content, list or live event (spec 3 §3 Purchase, PurchaseContent). */
export interface PurchaseTable {
  id: Generated<number>;
  customer_id: number;
  offer_id: number;
  billing_id: string;
  billing_type: string;
  status: string;
  units: number;
  ticket_number: string;
  content_type: string; // ContentList | Content | LiveEvent
  content_type_id: number;
  label: string;
  start_date: string | null;
  end_date: string | null;
  price_cents: number;
  currency: string;
  created_at: string;
}

/** Cross-screen payment links (spec 3 §7 /customer/billing/link). */
export interface BillingLinkTable {
  code: string;
  token: string;
  customer_id: number | null;
  billing_id: string | null;
  created_at: string;
  expires_at: string;
  /** Migration 009 (decision 040): the item a purchase link buys (JSON), null for a subscription. */
  purchase_content: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One row per job and minute: the node that inserts it runs that minute (decision 025). */
export interface BillingJobRunTable {
  job: string;
  slot: string;
  started_at: string;
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
  /** Migration 011 (decision 059): the age it is rated for on the French scale, 0 for tous publics. */
  rating: number;
  /** Migration 037 (decision 105): 0 while a series (and its seasons) is kept from the viewers. */
  enabled?: number;
  /** Migration 037: JSON {"fr": {"title", "synopsis"}, "en", "nl", "es"} once edited in the console. */
  texts?: string | null;
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
  /** JSON {"Directors": [...], "Actors": [...]} (migration 004); searched, shown in metadata. */
  people?: string | null;
  /** Migration 011 (decision 059): the age it is rated for on the French scale, 0 for tous publics. */
  rating: number;
  /** Migration 037 (decision 105): its type before an editor made it an episode; given back on detach. */
  former_type?: string | null;
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
  /** Live stream of an imported Stream channel (M3U import, migration 004). */
  stream_url?: string | null;
  /** Migration 036 (decision 102): when an editor hid it from the viewers' lists; null when shown. */
  hidden_at?: string | null;
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
  /** Migration 037 (decision 105): JSON {"fr": {"title", "synopsis"}, …} once edited in the console. */
  texts?: string | null;
  /** Migration 037: when an editor took it away from the viewers; null when shown. */
  hidden_at?: string | null;
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
  /** Migration 038 (decision 106): JSON {"en", "nl", "es"}, the title in those languages; French is `title`. */
  titles?: string;
  /** Migration 038: when an editor hid the row from the viewers' home; null when shown. */
  hidden_at?: string | null;
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

/** A password-reset link: only a hash of its secret is kept (migration 003). */
export interface PasswordResetTable {
  secret_hash: string;
  customer_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Migration 029 (decision 089): a provider-confirmed identity of a visitor's box, bound to its account. */
export interface ExternalIdentityTable {
  /** 'orange-ise2' or 'bachat-contract'. */
  kind: string;
  external_id: string;
  customer_id: number;
  created_at: string;
}

/** An account of a social sign-on provider, keyed on (provider, subject) only. */
export interface SsoIdentityTable {
  provider: string;
  subject: string;
  customer_id: number;
  created_at: string;
  /** Migration 020 (decision 078): the provider's address for the person, relay addresses included. */
  email: string | null;
  /**
   * Migration 020 (decision 079): what revokes the provider's grant at account deletion, sealed
   * with the server secret (lib/secret-box.ts, decision 086).
   */
  revoke_token: string | null;
  /** Migration 026 (decision 086): 0 once Apple says it stopped forwarding to the relay address. */
  email_forwarding: Generated<number>;
  /** When the provider's notice that set email_forwarding was sent; an older one is ignored. */
  email_state_at: string | null;
}

/** A page view of the first-party audience measurement (migration 028, decision 088). */
export interface PageViewTable {
  id: Generated<number>;
  /** The measurement's own random ids (cookies _pa_id, _pa_vis, _pa_ses), never the account's. */
  visitor_id: string;
  visit_id: string;
  session_id: string;
  /** The page's path, without its query. */
  path: string;
  platform: string;
  /** 1 when a customer was signed in: how many pages visitors see before signing in. */
  logged: number;
  created_at: string;
}

/** A provider's server-to-server notice, kept once (migration 026, decision 086). */
export interface SsoNoticeTable {
  provider: string;
  notice_id: string;
  event: string;
  received_at: string;
  confirmation_code: string | null;
}

/** An authorization request in flight: state, nonce and PKCE verifier until the callback. */
export interface SsoAuthorizationTable {
  state_hash: string;
  provider: string;
  nonce: string;
  code_verifier: string;
  requested_url: string;
  expires_at: string;
  /** Migration 020: the `user` field Apple's form_post carries on the first authorisation. */
  posted_user: string | null;
}

/** A TV link code (spec 1 §3); the code itself is kept only as a hash. */
export interface LinkCodeTable {
  code_hash: string;
  action: string;
  created_at: string;
  expires_at: string;
  platform: string;
  device_udid: string | null;
  approved_customer_id: number | null;
  approved_at: string | null;
  consumed_at: string | null;
  data: string | null; // JSON object from the phone
}

export interface CharacterTable {
  id: number;
  name: string;
  description: string;
  image: string | null;
  content_list_id: number | null;
}

export interface GameTable {
  id: number;
  name: string;
  url: string;
  preview: string | null;
  position: number;
}

export interface LiveEventTable {
  id: number;
  channel_id: number | null;
  content_id: number; // 0 until a replay exists
  name: string;
  description: string;
  description_sections: string; // JSON [{title, text}]
  location_name: string | null;
  location_address: string | null;
  date_scheduled: string;
  duration: number;
  lead_time_seconds: number;
  countdown_type: string; // Image | Video | Stream
  poster: string | null;
  preview: string | null;
  teaser: string | null;
  product_price_id: number | null;
  /** Migration 040 (decision 108): JSON {"fr": {"name", "description"}, "en", "nl", "es"}; null: `name` serves all. */
  texts?: string | null;
  /** Migration 040: when an editor cancelled or hid it (it leaves the viewers' calls); null when shown. */
  hidden_at?: string | null;
  /** Migration 040: when an editor last changed it (the demo's start-up dating leaves it alone). */
  edited_at?: string | null;
}

export interface EventLogTable {
  id: Generated<number>;
  customer_id: number | null;
  content_type: string;
  content_type_id: number;
  platform: string;
  created_at: string;
  /** Quality of experience (migration 007): play_start, rebuffer or error; null for an opening. */
  event?: string | null;
  value_ms?: number | null;
  detail?: string | null;
}

/** PostgreSQL search index (SQLite uses the FTS5 table search_fts): pre-folded text. */
export interface SearchDocumentTable {
  kind: string; // Content | ContentList | Channel
  item_id: number;
  title: string;
  body: string;
}

export interface Database extends StaffTables, CatalogueDeskTables {
  customers: CustomerTable;
  sessions: SessionTable;
  devices: DeviceTable;
  customer_profiles: CustomerProfileTable;
  profile_pictures: ProfilePictureTable;
  profile_languages: ProfileLanguagesTable;
  customer_alerts: CustomerAlertTable;
  alert_deliveries: AlertDeliveryTable;
  push_subscriptions: PushSubscriptionTable;
  demo_campaigns: DemoCampaignTable;
  promo_codes: PromoCodeTable;
  offers: OfferTable;
  subscriptions: SubscriptionTable;
  billings: BillingTable;
  billing_events: BillingEventTable;
  billing_cards: BillingCardTable;
  saved_cards: SavedCardTable;
  billing_ledger: BillingLedgerTable;
  job_dead_letters: JobDeadLetterTable;
  stream_hours: StreamHourTable;
  purchases: PurchaseTable;
  billing_links: BillingLinkTable;
  billing_job_runs: BillingJobRunTable;
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
  password_resets: PasswordResetTable;
  sso_identities: SsoIdentityTable;
  external_identities: ExternalIdentityTable;
  sso_authorizations: SsoAuthorizationTable;
  sso_notices: SsoNoticeTable;
  page_views: PageViewTable;
  link_codes: LinkCodeTable;
  characters: CharacterTable;
  games: GameTable;
  live_events: LiveEventTable;
  event_logs: EventLogTable;
  search_documents: SearchDocumentTable;
}
