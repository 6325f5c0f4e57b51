import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

/**
 * The console's operations, as graphql-codegen's client preset writes them at build
 * (web/src/gql/persisted-documents.json: `sha256:<hex>` → document): the only documents a browser user
 * may run unless ARBITRARY_DOCUMENTS lets them send their own (decisions.md "Trusted documents").
 */
export class TrustedDocuments {
  private constructor(private readonly byHash: ReadonlyMap<string, string>) {}

  static empty(): TrustedDocuments {
    return new TrustedDocuments(new Map());
  }

  /** Reads a manifest; every hash must be its document's, or the gateway would run something else. */
  static load(file: string): TrustedDocuments {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const byHash = new Map<string, string>();
    for (const [key, document] of Object.entries(manifest)) {
      const hash = key.replace(/^sha256:/, '');
      if (typeof document !== 'string' || sha256(document) !== hash)
        throw new Error(`${file}: the document under ${key} does not have that SHA-256 hash.`);
      byHash.set(hash, document);
    }
    return new TrustedDocuments(byHash);
  }

  /** The manifest at `file` when it exists; otherwise none (every document then counts as the caller's own). */
  static loadIfPresent(file: string): TrustedDocuments | null {
    return existsSync(file) ? TrustedDocuments.load(file) : null;
  }

  get size(): number {
    return this.byHash.size;
  }

  /** Every registered document's hash (hex). */
  hashes(): IterableIterator<string> {
    return this.byHash.keys();
  }

  /** The document registered under a SHA-256 hash (hex, with or without the `sha256:` prefix). */
  document(hash: string): string | undefined {
    return this.byHash.get(hash.replace(/^sha256:/, ''));
  }
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
