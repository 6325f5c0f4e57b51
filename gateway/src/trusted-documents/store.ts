import type { TrustedDocuments } from './manifest.js';

/**
 * Apollo Server's persisted-query store, answered from the trusted documents alone: a hash the console
 * sends finds its document here (parsed and validated once, then kept in Apollo's document store), and
 * nothing a client sends is ever stored (set is a no-op), so there is no registration at run time.
 */
export class TrustedDocumentStore {
  constructor(private readonly documents: TrustedDocuments) {}

  async get(key: string): Promise<string | undefined> {
    // Apollo prefixes its keys ('apq:<hash>').
    return this.documents.document(key.slice(key.lastIndexOf(':') + 1));
  }

  async set(): Promise<void> {}

  async delete(): Promise<boolean> {
    return false;
  }
}
