import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/** Profile pictures (spec 1 §3 Profile picture: ID, Name, urls): a face on a colour each. */
export const DEMO_PROFILE_PICTURES = [
  { id: 1, name: 'Renard', color: '#e8590c', mood: 'smile' },
  { id: 2, name: 'Panda', color: '#495057', mood: 'calm' },
  { id: 3, name: 'Chouette', color: '#7048e8', mood: 'wow' },
  { id: 4, name: 'Tigre', color: '#f08c00', mood: 'smile' },
  { id: 5, name: 'Dauphin', color: '#1c7ed6', mood: 'calm' },
  { id: 6, name: 'Grenouille', color: '#2f9e44', mood: 'wow' },
  { id: 7, name: 'Licorne', color: '#d6336c', mood: 'smile' },
  { id: 8, name: 'Robot', color: '#0c8599', mood: 'calm' },
] as const;

const MOUTHS = {
  smile: '<path d="M92 160 Q128 196 164 160" stroke="#111" stroke-width="10" fill="none" stroke-linecap="round"/>',
  calm: '<path d="M100 168 L156 168" stroke="#111" stroke-width="10" stroke-linecap="round"/>',
  wow: '<circle cx="128" cy="170" r="16" fill="#111"/>',
};

/**
 * An avatar as SVG text: a face drawn with shapes (no emoji font needed) on the picture's colour,
 * crisp at every size, no ffmpeg call (like channel logos).
 */
export function avatarSvg(name: string, color: string, mood: keyof typeof MOUTHS): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${name}">
  <rect width="256" height="256" rx="128" fill="${color}"/>
  <circle cx="128" cy="128" r="84" fill="#fff" opacity="0.92"/>
  <circle cx="98" cy="112" r="11" fill="#111"/>
  <circle cx="158" cy="112" r="11" fill="#111"/>
  ${MOUTHS[mood]}
</svg>
`;
}

const avatarPath = (id: number) => `art/avatars/avatar-${id}.svg`;

/**
 * Writes the avatar files under DATA_DIR/media and records the pictures, at every start: files
 * that exist are left as they are and rows are added only when missing, so a database seeded
 * before profiles existed gets them too.
 */
export async function seedProfilePictures(db: Kysely<Database>, mediaRoot: string): Promise<void> {
  await fs.mkdir(path.join(mediaRoot, 'art', 'avatars'), { recursive: true });
  for (const p of DEMO_PROFILE_PICTURES) {
    const file = path.join(mediaRoot, avatarPath(p.id));
    await fs.writeFile(file, avatarSvg(p.name, p.color, p.mood), { flag: 'wx' }).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    });
  }
  const existing = new Set((await db.selectFrom('profile_pictures').select('id').execute()).map((r) => r.id));
  const missing = DEMO_PROFILE_PICTURES.filter((p) => !existing.has(p.id));
  if (missing.length === 0) return;
  await db
    .insertInto('profile_pictures')
    .values(missing.map((p) => ({ id: p.id, name: p.name, path: avatarPath(p.id), position: p.id })))
    .execute();
}
