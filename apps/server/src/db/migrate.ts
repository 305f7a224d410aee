// Kysely 0.29 keeps the migrator apart from its main entry.
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './connect';
import { initialMigration } from './migrations/001-initial';
import { accountsMigration } from './migrations/002-accounts';
import { recoverySsoLinkMigration } from './migrations/003-recovery-sso-link';
import { catalogueMigration } from './migrations/004-catalogue';
import { subscriptionCancellationMigration } from './migrations/005-subscription-cancellation';
import { promoCodesMigration } from './migrations/006-promo-codes';
import { playbackQualityMigration } from './migrations/007-playback-quality';
import { billingMigration } from './migrations/008-billing';
import { purchaseLinksMigration } from './migrations/009-purchase-links';
import { billingHoldersMigration } from './migrations/010-billing-holders';
import { ratingsMigration } from './migrations/011-ratings';
import { alertDeliveriesMigration } from './migrations/012-alert-deliveries';
import { parentalThresholdMigration } from './migrations/013-parental-threshold';
import { pushSubscriptionsMigration } from './migrations/014-push-subscriptions';
import { profileLanguagesMigration } from './migrations/016-profile-languages';
import { customerBirthAndCardMigration } from './migrations/019-customer-birth-and-card';
import { ssoGrantsMigration } from './migrations/020-sso-grants';
import { staffMigration } from './migrations/021-staff';
import { savedCardsMigration } from './migrations/022-saved-cards';
import { ssoProviderNoticesMigration } from './migrations/026-sso-provider-notices';
import { pageViewsMigration } from './migrations/028-page-views';
import { externalIdentitiesMigration } from './migrations/029-external-identities';
import { promoCodeCapsMigration } from './migrations/030-promo-code-caps';
import { bigCatalogueIndexesMigration } from './migrations/035-big-catalogue-indexes';
import { catalogueDeskMigration } from './migrations/032-catalogue-desk';
import { offerVersionsMigration } from './migrations/034-offer-versions';
import { channelVisibilityMigration } from './migrations/036-channel-visibility';
import { homeRowsDeskMigration } from './migrations/038-home-rows-desk';
import { staffPasskeysMigration } from './migrations/033-staff-passkeys';
import { liveEventDeskMigration } from './migrations/040-live-event-desk';
import { seriesAndCollectionsDeskMigration } from './migrations/037-series-and-collections-desk';
import { refundsAndDeadLettersMigration } from './migrations/041-refunds-and-dead-letters';
import { searchDocumentVectorMigration } from './migrations/045-search-document-vector';
import { contentTracksMigration } from './migrations/042-content-tracks';
import { streamHoursMigration } from './migrations/044-stream-hours';

/** Migrations live in code (no directory scanning) so tsx, tests and bundles see the same list. */
class InCodeMigrations implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}
  async getMigrations() {
    return this.migrations;
  }
}

export async function migrateToLatest({ db, dialect }: Db): Promise<string[]> {
  const migrator = new Migrator({
    db,
    // Numbers are handed out to changes made side by side, so one may land after a higher one
    // (019 after 021): a database that already ran the higher one still runs the lower.
    allowUnorderedMigrations: true,
    provider: new InCodeMigrations({
      '001-initial': initialMigration(dialect),
      '002-accounts': accountsMigration(dialect),
      '003-recovery-sso-link': recoverySsoLinkMigration(),
      '004-catalogue': catalogueMigration(dialect),
      '005-subscription-cancellation': subscriptionCancellationMigration(),
      '006-promo-codes': promoCodesMigration(),
      '007-playback-quality': playbackQualityMigration(),
      '008-billing': billingMigration(dialect),
      '009-purchase-links': purchaseLinksMigration(),
      '010-billing-holders': billingHoldersMigration(),
      '011-ratings': ratingsMigration(),
      '012-alert-deliveries': alertDeliveriesMigration(),
      '013-parental-threshold': parentalThresholdMigration(),
      '014-push-subscriptions': pushSubscriptionsMigration(),
      '016-profile-languages': profileLanguagesMigration(),
      '019-customer-birth-and-card': customerBirthAndCardMigration(),
      '020-sso-grants': ssoGrantsMigration(),
      '021-staff': staffMigration(dialect),
      '022-saved-cards': savedCardsMigration(),
      '026-sso-provider-notices': ssoProviderNoticesMigration(),
      '028-page-views': pageViewsMigration(dialect),
      '029-external-identities': externalIdentitiesMigration(),
      '030-promo-code-caps': promoCodeCapsMigration(),
      '035-big-catalogue-indexes': bigCatalogueIndexesMigration(dialect),
      '032-catalogue-desk': catalogueDeskMigration(),
      '034-offer-versions': offerVersionsMigration(),
      '036-channel-visibility': channelVisibilityMigration(),
      '038-home-rows-desk': homeRowsDeskMigration(),
      '033-staff-passkeys': staffPasskeysMigration(dialect),
      '040-live-event-desk': liveEventDeskMigration(),
      '037-series-and-collections-desk': seriesAndCollectionsDeskMigration(),
      '041-refunds-and-dead-letters': refundsAndDeadLettersMigration(),
      '045-search-document-vector': searchDocumentVectorMigration(dialect),
      '042-content-tracks': contentTracksMigration(),
      '044-stream-hours': streamHoursMigration(),
    }),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
