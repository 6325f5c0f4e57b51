import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { BACKUP_SHA256_HEADER, backupDownload } from '../contract/backup.js';
import { responses } from '../contract/common.js';
import { recordAuditEvent } from '../domain/audit.js';
import { Conflict } from '../domain/errors.js';
import { authorize } from '../http/access.js';
import { auditSourceOf, principalOf } from '../http/request.js';
import type { RouteDeps } from './deps.js';

/** Why a backup of a PostgreSQL deployment is not the platform's to make. */
export const POSTGRES_BACKUP_REFUSAL =
  'This platform runs on PostgreSQL: back it up with pg_dump or base backups (README, Operations)';

/**
 * A snapshot of the embedded database while the product runs (issue 32): the running platform makes it,
 * since PGlite serves one process and `npm run backup` cannot open it. System admins only.
 */
export async function backupRoutes(app: FastifyInstance, { db }: RouteDeps): Promise<void> {
  app.post(
    '/admin/backup',
    {
      schema: {
        operationId: 'createBackup',
        tags: ['operations'],
        summary: 'Download a consistent snapshot of the embedded database (PGlite); PostgreSQL answers 409',
        response: responses({ 200: backupDownload }, [401, 403, 409]),
      },
    },
    async (request, reply) => {
      authorize(principalOf(request), 'createBackup', {});
      if (!db.dumpDataDir) throw new Conflict([{ message: POSTGRES_BACKUP_REFUSAL }]);
      const body = Buffer.from(await (await db.dumpDataDir()).arrayBuffer());
      const sha256 = createHash('sha256').update(body).digest('hex');
      // Recorded once the snapshot exists, so a failed dump leaves no event; the event is not in it.
      await recordAuditEvent(db, auditSourceOf(request), {
        action: 'backup.create',
        organizationId: null,
        target: { type: 'organization', id: null },
        details: { bytes: body.length, sha256 },
      });
      return reply
        .status(200)
        .header('content-type', 'application/gzip')
        .header('content-disposition', 'attachment; filename="meridian-backup.tar.gz"')
        .header(BACKUP_SHA256_HEADER, sha256)
        .send(body);
    },
  );
}
