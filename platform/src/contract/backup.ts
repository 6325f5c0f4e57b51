/** The header carrying the SHA-256 of a backup's body (hex), which `npm run backup` checks. */
export const BACKUP_SHA256_HEADER = 'x-backup-sha256';

/** A backup as answered: the embedded database's data directory, a gzipped tarball (PGlite's dumpDataDir). */
export const backupDownload = {
  description: 'The embedded database as a gzipped tarball, which `npm run restore` loads',
  headers: {
    [BACKUP_SHA256_HEADER]: {
      type: 'string',
      pattern: '^[0-9a-f]{64}$',
      description: 'The SHA-256 of the body, in hex',
    },
  },
  content: { 'application/gzip': { schema: { type: 'string', format: 'binary' } } },
} as const;
