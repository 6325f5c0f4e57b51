import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Queryable } from '../db/database.js';
import {
  consumeModel,
  deleteModel,
  deleteModelsOfGrant,
  findModel,
  upsertModel,
  type ModelKey,
} from '../stores/oidc-models.js';

/**
 * The provider's storage (sessions, interactions, grants, codes, refresh tokens...) in the database
 * (stores/oidc-models.ts), so restarting the platform signs nobody out. One adapter per model name;
 * rows past their expiry are treated as gone and swept by deleteExpiredModels.
 */
export class DatabaseAdapter implements Adapter {
  constructor(
    private readonly db: Queryable,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null;
    await upsertModel(this.db, this.model, id, payload, expiresAt);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.findBy('id', id);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findBy('uid', uid);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findBy('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    await consumeModel(this.db, this.model, id);
  }

  async destroy(id: string): Promise<void> {
    await deleteModel(this.db, this.model, id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await deleteModelsOfGrant(this.db, this.model, grantId);
  }

  /** The payload as the provider reads it: with `consumed` (seconds) once the model was consumed. */
  private async findBy(key: ModelKey, value: string): Promise<AdapterPayload | undefined> {
    const row = await findModel(this.db, this.model, key, value);
    if (!row) return undefined;
    const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as AdapterPayload) : row.payload;
    return row.consumed_at ? { ...payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) } : payload;
  }
}

/** Clients are configured statically; no lookup ever registers one from storage. */
class NoDynamicClients implements Adapter {
  upsert = async () => undefined;
  find = async () => undefined;
  findByUid = async () => undefined;
  findByUserCode = async () => undefined;
  consume = async () => undefined;
  destroy = async () => undefined;
  revokeByGrantId = async () => undefined;
}

/** The provider's `adapter` option: a factory called once per model name. */
export function databaseAdapterFactory(db: Queryable): (model: string) => Adapter {
  return (model) => (model === 'Client' ? new NoDynamicClients() : new DatabaseAdapter(db, model));
}
