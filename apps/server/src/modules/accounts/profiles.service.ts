import type { Customer, Profile, ProfilePicture } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { AdultAuth, CustomerAuth } from '../../lib/access';
import type { AccountsRepository } from './accounts.repository';
import type { AccountsService } from './accounts.service';
import { toProfile } from './customer-view';
import type { ParentalCodeService } from './parental-code.service';
import type { ProfileRow, ProfilesRepository } from './profiles.repository';
import type { SessionRepository } from '../../sessions/session.repository';
import { accountOf, customerOf } from './signed-in-account';
import { isValidUsername } from './username-rule';

/** Enough for a household; more is more likely a script than a family. */
export const MAX_PROFILES = 5;

export interface EditProfileInput {
  uuid?: string;
  pictureId?: number;
  userName?: string;
  isKids?: boolean;
}

/**
 * Profiles (spec 1 §3) and kids profiles (decision 009, beyond the spec): a session uses one profile;
 * from a kids profile the account cannot be managed, and leaving it for another profile asks
 * for the parental code when the account has one.
 */
export function createProfilesService(deps: {
  accounts: AccountsRepository;
  profiles: ProfilesRepository;
  sessions: SessionRepository;
  customers: Pick<AccountsService, 'customerById'>;
  parentalCode: ParentalCodeService;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /** The profile this session uses (the first one when none was chosen or it was deleted). */
  async function currentProfile(auth: Pick<CustomerAuth, 'sessionId'>, rows: ProfileRow[]) {
    const links = await deps.sessions.findLinks(auth.sessionId);
    return rows.find((p) => p.id === links?.profile_id) ?? rows[0] ?? null;
  }

  async function profileRows(auth: CustomerAuth) {
    // customerById makes the first profile when an account has none yet.
    await customerOf(deps.customers, auth);
    return deps.profiles.list(auth.customerId);
  }

  return {
    async listPictures(): Promise<ProfilePicture[]> {
      const rows = await deps.profiles.listPictures();
      return rows.map((r) => {
        const url = `/media/${r.path}`;
        return { ID: r.id, Name: r.name, urls: { poster: url, preview: url, thumbnail: url } };
      });
    },

    /** spec 1 §7 POST /customer/edit/profile: edits a profile, or creates one without uuid. */
    async editProfile(auth: CustomerAuth, input: EditProfileInput): Promise<{ Profile: Profile; Customer: Customer }> {
      const rows = await profileRows(auth);
      const current = await currentProfile(auth, rows);
      const target = input.uuid !== undefined ? rows.find((p) => p.uuid === input.uuid) : undefined;
      if (input.uuid !== undefined && !target) throw apiError(ApiErrorNumber.NotFound);
      // From a kids profile, only that profile's own name and picture may change.
      if (current?.is_kids === 1 && (target?.id !== current.id || input.isKids !== undefined)) {
        throw apiError(ApiErrorNumber.Forbidden);
      }
      if (input.userName !== undefined) {
        const name = input.userName.trim();
        if (!isValidUsername(name)) throw apiError(ApiErrorNumber.UsernameInvalid);
        const taken = rows.some((p) => p.id !== target?.id && p.user_name.toLowerCase() === name.toLowerCase());
        if (taken) throw apiError(ApiErrorNumber.UsernameAlreadyExists);
        input = { ...input, userName: name };
      }
      if (input.pictureId !== undefined && !(await deps.profiles.findPicture(input.pictureId))) {
        throw apiError(ApiErrorNumber.BadParameter);
      }
      const isFirst = target ? target.position === Math.min(...rows.map((p) => p.position)) : false;
      if (input.isKids === true && isFirst) throw apiError(ApiErrorNumber.BadParameter);

      let profileId: number;
      if (target) {
        await deps.profiles.update(target.id, input);
        profileId = target.id;
      } else {
        if (input.userName === undefined) throw apiError(ApiErrorNumber.MissingParameter);
        if (rows.length >= MAX_PROFILES) throw apiError(ApiErrorNumber.Forbidden);
        const position = Math.max(...rows.map((p) => p.position), 0) + 1;
        profileId = await deps.profiles.insert(
          auth.customerId,
          {
            userName: input.userName,
            pictureId: input.pictureId ?? null,
            isKids: input.isKids ?? false,
            position,
          },
          now().toISOString(),
        );
      }
      const after = await deps.profiles.list(auth.customerId);
      const row = after.find((p) => p.id === profileId);
      if (!row) throw apiError(ApiErrorNumber.NotFound);
      return { Profile: toProfile(row), Customer: await customerOf(deps.customers, auth) };
    },

    /** Deletes a profile other than the first (an adult call: never from a kids profile). */
    async deleteProfile(auth: AdultAuth, uuid: string): Promise<Customer> {
      const rows = await profileRows(auth);
      const target = rows.find((p) => p.uuid === uuid);
      if (!target) throw apiError(ApiErrorNumber.NotFound);
      if (target.id === rows[0]?.id) throw apiError(ApiErrorNumber.Forbidden);
      await deps.profiles.delete(target.id);
      return customerOf(deps.customers, auth);
    },

    /** Uses another profile on this session; leaving a kids profile needs the parental code. */
    async switchProfile(auth: CustomerAuth, uuid: string, code: string | undefined, ip: string): Promise<Customer> {
      const rows = await profileRows(auth);
      const target = rows.find((p) => p.uuid === uuid);
      if (!target) throw apiError(ApiErrorNumber.NotFound);
      const current = await currentProfile(auth, rows);
      if (current?.is_kids === 1 && target.id !== current.id && target.is_kids !== 1) {
        await deps.parentalCode.assertRight(await accountOf(deps.accounts, auth), code, ip);
      }
      await deps.sessions.setProfile(auth.sessionId, target.id);
      return customerOf(deps.customers, auth);
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
