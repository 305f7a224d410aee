import type { ProfileLanguages } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { CustomerAuth } from '../../lib/access';
import type { AccountsService } from './accounts.service';
import type { ProfileRow, ProfilesRepository } from './profiles.repository';
import { customerOf } from './signed-in-account';

type SubtitleSize = ProfileLanguages['subtitleSize'];
type SubtitleBackground = ProfileLanguages['subtitleBackground'];

/** What a save changes; an absent part stays as it was. null clears a language. */
export interface ProfileLanguagesChange {
  audioLanguage?: string | null;
  subtitleLanguage?: string | null;
  subtitleSize?: SubtitleSize;
  subtitleBackground?: SubtitleBackground;
}

/** The players' own defaults (decision 069): the stream's audio, no subtitles, a medium boxed cue. */
const DEFAULTS = { subtitleSize: 'medium', subtitleBackground: 'box' } as const;
const SIZES: readonly string[] = ['small', 'medium', 'large'];
const BACKGROUNDS: readonly string[] = ['none', 'shadow', 'box'];

/**
 * A profile's subtitle and audio choices on the server (decision 081). The profile is the
 * session's, or one of the account's named by its UUID; a profile of another account is unknown
 * (7), and a kids profile may read and save its own choices only (4).
 */
export function createProfileLanguagesService(deps: {
  db: Kysely<Database>;
  profiles: Pick<ProfilesRepository, 'list'>;
  customers: Pick<AccountsService, 'customerById'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function profileOf(auth: CustomerAuth, uuid: string | undefined): Promise<ProfileRow> {
    // customerById makes the first profile when an account has none yet.
    await customerOf(deps.customers, auth);
    const rows = await deps.profiles.list(auth.customerId);
    const current = rows.find((p) => p.id === auth.profileId) ?? rows[0];
    const target = uuid === undefined ? current : rows.find((p) => p.uuid === uuid);
    if (!target) throw apiError(ApiErrorNumber.NotFound);
    if (current?.is_kids === 1 && target.id !== current.id) throw apiError(ApiErrorNumber.Forbidden);
    return target;
  }

  async function read(profile: ProfileRow): Promise<ProfileLanguages> {
    const row = await deps.db
      .selectFrom('profile_languages')
      .selectAll()
      .where('profile_id', '=', profile.id)
      .executeTakeFirst();
    return {
      profileUUID: profile.uuid,
      audioLanguage: row?.audio_language ?? null,
      subtitleLanguage: row?.subtitle_language ?? null,
      subtitleSize: SIZES.includes(row?.subtitle_size ?? '')
        ? (row!.subtitle_size as SubtitleSize)
        : DEFAULTS.subtitleSize,
      subtitleBackground: BACKGROUNDS.includes(row?.subtitle_background ?? '')
        ? (row!.subtitle_background as SubtitleBackground)
        : DEFAULTS.subtitleBackground,
      updatedAt: row?.updated_at ?? null,
    };
  }

  return {
    async get(auth: CustomerAuth, uuid: string | undefined): Promise<ProfileLanguages> {
      return read(await profileOf(auth, uuid));
    },

    async save(
      auth: CustomerAuth,
      uuid: string | undefined,
      change: ProfileLanguagesChange,
    ): Promise<ProfileLanguages> {
      const profile = await profileOf(auth, uuid);
      const before = await read(profile);
      const values = {
        audio_language: change.audioLanguage !== undefined ? change.audioLanguage : before.audioLanguage,
        subtitle_language: change.subtitleLanguage !== undefined ? change.subtitleLanguage : before.subtitleLanguage,
        subtitle_size: change.subtitleSize ?? before.subtitleSize,
        subtitle_background: change.subtitleBackground ?? before.subtitleBackground,
        updated_at: now().toISOString(),
      };
      // One statement on both databases: two devices saving at once leave one row, the last write.
      await deps.db
        .insertInto('profile_languages')
        .values({ profile_id: profile.id, ...values })
        .onConflict((oc) => oc.column('profile_id').doUpdateSet(values))
        .execute();
      return read(profile);
    },
  };
}
export type ProfileLanguagesService = ReturnType<typeof createProfileLanguagesService>;
