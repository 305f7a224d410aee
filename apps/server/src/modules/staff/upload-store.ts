import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataStore, ERRORS, Upload } from '@tus/server';

interface UploadInfo {
  size: number | null;
  metadata: Record<string, string | null>;
  creationDate: string;
}

/**
 * The tus uploads on the data folder (decision 094): `<dir>/<id>` holds the bytes received, its
 * length is the offset a resumed upload continues from; `<dir>/<id>.json` the declared size and
 * metadata. Written here rather than taken from `@tus/file-store`: it is these four calls, and
 * the media job reads the file where it lies.
 */
export class UploadFileStore extends DataStore {
  constructor(private readonly dir: string) {
    super();
    this.extensions = ['creation', 'creation-with-upload'];
  }

  private file(id: string) {
    // tus ids are our 32 hex characters (the naming function): nothing else reaches the disk.
    if (!/^[a-f0-9]{32}$/.test(id)) throw ERRORS.FILE_NOT_FOUND;
    return path.join(this.dir, id);
  }

  override async create(upload: Upload): Promise<Upload> {
    await mkdir(this.dir, { recursive: true });
    const file = this.file(upload.id);
    await writeFile(file, '', { flag: 'wx' });
    const info: UploadInfo = {
      size: upload.size ?? null,
      metadata: upload.metadata ?? {},
      creationDate: upload.creation_date ?? new Date().toISOString(),
    };
    await writeFile(`${file}.json`, JSON.stringify(info));
    return upload;
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const file = this.file(id);
    const handle = await open(file, 'r+');
    const out = createWriteStream('', { fd: handle, start: offset });
    await pipeline(stream, out).catch(() => {
      // A broken connection keeps what arrived: the client asks the offset (HEAD) and resumes.
    });
    return (await stat(file)).size;
  }

  override async getUpload(id: string): Promise<Upload> {
    const file = this.file(id);
    let info: UploadInfo;
    let offset: number;
    try {
      info = JSON.parse(await readFile(`${file}.json`, 'utf8')) as UploadInfo;
      offset = (await stat(file)).size;
    } catch {
      throw ERRORS.FILE_NOT_FOUND;
    }
    return new Upload({
      id,
      size: info.size ?? undefined,
      offset,
      metadata: info.metadata,
      creation_date: info.creationDate,
    });
  }

  override async remove(id: string): Promise<void> {
    const file = this.file(id);
    await rm(file, { force: true });
    await rm(`${file}.json`, { force: true });
  }
}
