import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function createProfilesRepository(db: Kysely<Database>) {
  function listRows(customerId: number) {
    return db
      .selectFrom('customer_profiles as p')
      .leftJoin('profile_pictures as pic', 'pic.id', 'p.profile_picture_id')
      .select([
        'p.id',
        'p.uuid',
        'p.user_name',
        'p.profile_picture_id',
        'p.is_kids',
        'p.position',
        'pic.path as picture_path',
      ])
      .where('p.customer_id', '=', customerId)
      .orderBy('p.position')
      .execute();
  }

  return {
    list: listRows,

    async insert(
      customerId: number,
      values: { userName: string; pictureId: number | null; isKids: boolean; position: number },
      now: string,
    ): Promise<number> {
      const row = await db
        .insertInto('customer_profiles')
        .values({
          uuid: randomUUID(),
          customer_id: customerId,
          user_name: values.userName,
          profile_picture_id: values.pictureId,
          is_kids: values.isKids ? 1 : 0,
          position: values.position,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(
      profileId: number,
      changes: { userName?: string; pictureId?: number; isKids?: boolean },
    ): Promise<void> {
      const set = {
        ...(changes.userName !== undefined ? { user_name: changes.userName } : {}),
        ...(changes.pictureId !== undefined ? { profile_picture_id: changes.pictureId } : {}),
        ...(changes.isKids !== undefined ? { is_kids: changes.isKids ? 1 : 0 } : {}),
      };
      if (Object.keys(set).length === 0) return;
      await db.updateTable('customer_profiles').set(set).where('id', '=', profileId).execute();
    },

    async delete(profileId: number) {
      await db.deleteFrom('customer_profiles').where('id', '=', profileId).execute();
    },

    listPictures() {
      return db.selectFrom('profile_pictures').selectAll().orderBy('position').execute();
    },

    findPicture(id: number) {
      return db.selectFrom('profile_pictures').select('id').where('id', '=', id).executeTakeFirst();
    },
  };
}
export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
export type ProfileRow = Awaited<ReturnType<ProfilesRepository['list']>>[number];
