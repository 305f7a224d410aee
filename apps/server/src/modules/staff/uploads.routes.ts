import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server as TusServer } from '@tus/server';
import { ADMIN_API_BASE_PATH, ADMIN_UPLOADS_PATH } from '@playz/api-contract/admin';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { CatalogueDesk } from '../catalogue';
import type { PeriodicJob } from '../../jobs';
import { auditContext } from './admin-route';
import type { AuditLog } from './audit-log';
import type { StaffCaller, StaffService } from './staff.service';
import { mayCall } from './staff-roles';
import { UploadFileStore } from './upload-store';

/** The roles that may upload: the catalogue's (decision 080), admin always. */
export const UPLOAD_ROLES = ['editor'] as const;
const STAFF_ID_HEADER = 'playz-staff-id';
const STAFF_EMAIL_HEADER = 'playz-staff-email';

/**
 * The tus protocol under /api/admin/uploads (decision 094): POST creates an upload, HEAD tells how
 * much arrived, PATCH appends from there. The staff session and the
 * role are checked here before tus sees the request; the member is handed to tus's hooks in
 * headers set after that check (any a client sent are dropped first). Cross-site requests: every
 * request must carry `Tus-Resumable`, a header no form or simple request of another site can
 * send without a CORS preflight, and no preflight is answered here; the cookie is SameSite=Strict.
 */
export function registerUploadRoutes(
  app: FastifyInstance,
  deps: {
    staff: StaffService;
    cookieName: string;
    audit: AuditLog;
    uploadsDir: string;
    maxBytes: number;
    desk: () => CatalogueDesk;
    enqueueMediaJob: (uploadId: string) => Promise<void>;
  },
) {
  const base = ADMIN_API_BASE_PATH + ADMIN_UPLOADS_PATH;
  const callerOf = (headers: Headers) => ({
    staffId: Number(headers.get(STAFF_ID_HEADER)),
    email: headers.get(STAFF_EMAIL_HEADER) ?? '',
  });
  const tus = new TusServer({
    path: base,
    datastore: new UploadFileStore(deps.uploadsDir),
    maxSize: deps.maxBytes,
    relativeLocation: true,
    namingFunction: () => randomBytes(16).toString('hex'),
    // Another member's upload is not continued: one editor's file is not finished by another's bytes.
    onIncomingRequest: async (req, id) => {
      if (req.method === 'POST') return;
      const owner = await deps.desk().uploadOwner(id);
      if (owner !== null && owner !== callerOf(req.headers).staffId) throw { status_code: 403, body: 'Forbidden\n' };
    },
    onUploadCreate: async (req, upload) => {
      const fileName = upload.metadata?.filename ?? upload.metadata?.name ?? '';
      const type = upload.metadata?.filetype ?? '';
      if (!fileName || (type && !type.startsWith('video/'))) throw { status_code: 400, body: 'A video file\n' };
      const caller = callerOf(req.headers);
      await deps.desk().uploadStarted({
        id: upload.id,
        staffId: caller.staffId,
        email: caller.email,
        fileName,
        size: upload.size ?? 0,
      });
      return {};
    },
    onUploadFinish: async (req, upload) => {
      const caller = callerOf(req.headers);
      await deps.desk().uploadFinished(upload.id, async () => deps.enqueueMediaJob(upload.id));
      await deps.audit.record({
        actor: { staffId: caller.staffId, email: caller.email },
        action: 'upload.finish',
        target: { type: 'upload', id: upload.id },
        after: { fileName: upload.metadata?.filename ?? null, size: upload.size ?? null, status: 'queued' },
        requestId: req.headers.get('x-request-id'),
      });
      return {};
    },
  });

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.headers['tus-resumable']) throw apiError(ApiErrorNumber.BadParameter);
    const token = request.cookies[deps.cookieName];
    const caller: StaffCaller | null = token ? await deps.staff.callerOf(token) : null;
    if (!caller) throw apiError(ApiErrorNumber.AuthenticationFailed);
    if (!mayCall(caller.member.roles, UPLOAD_ROLES)) throw apiError(ApiErrorNumber.Forbidden);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || name.startsWith('playz-')) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    headers.set(STAFF_ID_HEADER, String(caller.member.id));
    headers.set(STAFF_EMAIL_HEADER, caller.member.email);
    headers.set('x-request-id', auditContext(request).requestId);
    const hasBody = request.method === 'PATCH' || request.method === 'POST';
    const answer = await tus.handleWeb(
      new Request(`http://console${request.url}`, {
        method: request.method,
        headers,
        ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
      } as RequestInit),
    );
    reply.code(answer.status);
    answer.headers.forEach((value, name) => void reply.header(name, value));
    reply.header('cache-control', 'no-store');
    return reply.send(request.method === 'HEAD' ? undefined : await answer.text());
  };

  app.register(async (uploads) => {
    // tus sends its bytes as application/offset+octet-stream: tus reads the stream itself.
    uploads.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const config = { access: 'staff' as const, staffRoles: UPLOAD_ROLES };
    uploads.route({ method: 'POST', url: base, config, handler: handle });
    uploads.route({ method: ['HEAD', 'PATCH'], url: `${base}/:id`, config, handler: handle });
  });
}

/**
 * The job that removes uploads begun and left unfinished (decision 107): every hour, those whose
 * bytes have not moved for `hours` lose their row, their bytes and their metadata; each removal
 * is in the audit log (`upload.abandoned`, the upload as it was), so the console's list and its
 * audit page both say where it went. Editors start again by picking the file.
 */
export function abandonedUploadsJob(deps: {
  desk: () => CatalogueDesk;
  audit: AuditLog;
  now: () => Date;
  hours: number;
}): PeriodicJob<string[]> {
  return {
    name: 'abandoned-uploads',
    everyMs: 60 * 60 * 1000,
    run: () =>
      deps.desk().removeAbandonedUploads(new Date(deps.now().getTime() - deps.hours * 3600 * 1000), (trx, upload) =>
        deps.audit.record(
          {
            actor: { cli: 'job:abandoned-uploads' },
            action: 'upload.abandoned',
            target: { type: 'upload', id: upload.id },
            before: upload,
          },
          trx,
        ),
      ),
  };
}
