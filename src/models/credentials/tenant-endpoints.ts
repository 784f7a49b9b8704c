import { createHash } from 'node:crypto';
import type { ModelEndpoint } from '../config/model-config.js';
import type { CredentialKeyring } from './credential-keyring.js';
import { openSealed, sealedKeyId, sealSecret } from './seal-secret.js';
import type { TenantEndpointInput } from './tenant-endpoint-input.js';
import { checkTenantEndpoint, TenantEndpointInputError } from './tenant-endpoint-input.js';
import type { TenantEndpointRows } from './tenant-endpoint-rows.js';

/** A tenant's endpoint as shown to its admin: the key masked to its last four characters. */
export interface TenantEndpointView {
  tenant: string;
  model: string;
  base_url: string;
  /** `****` and the key's last four characters; `****` alone for a short key; null without a key. */
  api_key: string | null;
  updated_at: string;
  updated_by: string;
}

interface SealedPart {
  base_url: string;
  api_key: string | null;
}

const CONTEXT = (tenant: string) => `waybill tenant model endpoint v1\n${tenant}`;

/**
 * Tenants' own model endpoints (issue 37): a tenant's runs call its model, at its base URL, with its
 * key. Base URL and key are sealed with AES-256-GCM under a key kept outside the database
 * (credential-keyring.ts), bound to the tenant; only `resolve` opens them, for a run. Reading returns
 * the masked form.
 */
export class TenantEndpoints {
  readonly #rows: TenantEndpointRows;
  readonly #keyring: CredentialKeyring;
  readonly #now: () => Date;

  constructor(rows: TenantEndpointRows, keyring: CredentialKeyring, now: () => Date = () => new Date()) {
    this.#rows = rows;
    this.#keyring = keyring;
    this.#now = now;
  }

  /** Stores (or replaces) `tenant`'s endpoint; throws TenantEndpointInputError, or CredentialKeyError when no key can seal. */
  async set(tenant: string, input: TenantEndpointInput, by: string): Promise<TenantEndpointView> {
    const problems = checkTenantEndpoint(input);
    if (problems.length > 0) throw new TenantEndpointInputError(problems);
    const part: SealedPart = { base_url: input.baseUrl, api_key: input.apiKey ?? null };
    const sealed = sealSecret(this.#keyring.sealing(), JSON.stringify(part), CONTEXT(tenant));
    const keyHint = input.apiKey !== undefined && input.apiKey.length >= 12 ? input.apiKey.slice(-4) : '';
    const row = { tenant, model: input.model, sealed, keyHint, updatedAt: this.#now().toISOString(), updatedBy: by };
    await this.#rows.put(row);
    return { tenant, model: row.model, base_url: part.base_url, api_key: part.api_key === null ? null : `****${keyHint}`, updated_at: row.updatedAt, updated_by: by };
  }

  /** The masked view of `tenant`'s endpoint, or undefined when it has none. */
  async view(tenant: string): Promise<TenantEndpointView | undefined> {
    const row = await this.#rows.get(tenant);
    if (!row) return undefined;
    const part = this.#open(tenant, row.sealed);
    return { tenant, model: row.model, base_url: part.base_url, api_key: part.api_key === null ? null : `****${row.keyHint}`, updated_at: row.updatedAt, updated_by: row.updatedBy };
  }

  /**
   * The endpoint `tenant`'s runs call, key included, or undefined when the tenant has none: for the run,
   * never for display. `version` changes whenever the endpoint is set again (a fingerprint of the sealed
   * value, which says nothing of the key), so a runtime opened on an older key is not reused.
   */
  async resolve(tenant: string): Promise<{ endpoint: ModelEndpoint; version: string } | undefined> {
    const row = await this.#rows.get(tenant);
    if (!row) return undefined;
    const part = this.#open(tenant, row.sealed);
    const version = createHash('sha256').update(row.sealed).digest('hex').slice(0, 12);
    return { endpoint: { model: row.model, baseUrl: part.base_url, ...(part.api_key !== null && { apiKey: part.api_key }) }, version };
  }

  /** True when the tenant had an endpoint; its runs use the service's own models from now on. */
  remove(tenant: string): Promise<boolean> {
    return this.#rows.remove(tenant);
  }

  /**
   * Re-seals every tenant's endpoint under the keyring's sealing key (after a rotation appended a new
   * one): each value is opened with the key that sealed it, which must still be in the keyring, and
   * replaced only if no `set` changed it meanwhile. `left`: tenants whose value is still under another
   * key afterwards (set meanwhile by a process sealing with another key); empty when the rotation is done.
   * Throws CredentialKeyError when a value does not open (its key is missing, or it was altered).
   */
  async resealAll(): Promise<{ key: string; resealed: number; already: number; left: string[] }> {
    const key = this.#keyring.sealing();
    let resealed = 0;
    let already = 0;
    for (const row of await this.#rows.list()) {
      if (sealedKeyId(row.sealed) === key.id) {
        already += 1;
        continue;
      }
      const context = CONTEXT(row.tenant);
      if (await this.#rows.swapSealed(row.tenant, row.sealed, sealSecret(key, openSealed(this.#keyring, row.sealed, context), context))) resealed += 1;
    }
    const left = (await this.#rows.list()).filter((row) => sealedKeyId(row.sealed) !== key.id).map((row) => row.tenant);
    return { key: key.id, resealed, already, left };
  }

  close(): Promise<void> {
    return this.#rows.close();
  }

  #open(tenant: string, sealed: string): SealedPart {
    return JSON.parse(openSealed(this.#keyring, sealed, CONTEXT(tenant))) as SealedPart;
  }
}
