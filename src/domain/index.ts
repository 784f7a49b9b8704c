export { argsHash, canonicalJson } from './args-hash.js';
export { APPROVAL_FORMAT_VERSION, ARG_ORIGINS, DEFAULT_APPROVAL_LIFETIMES } from './approvals/approval-store.js';
export type {
  ApprovalDecision,
  ApprovalLifetimes,
  ApprovalListFilter,
  ApprovalRequest,
  ApprovalStatus,
  ApprovalStore,
  ArgOrigin,
  DecideInput,
  DecideOutcome,
  DecisionKind,
  Grant,
  NewApprovalRequest,
} from './approvals/approval-store.js';
export { canonicalCancelArgs, decideApproval } from './approvals/decide-approval.js';
export type { ApprovalDecisionInput, ApprovalDecisionResult } from './approvals/decide-approval.js';
export { AUDIT_CHAIN_VERSION, chainHash, GENESIS_HASH, verifyChain } from './audit/audit-chain.js';
export type { AuditChain, AuditChainFilter, BoundaryEvent, BoundaryEventType, ChainEntry, ChainVerdict } from './audit/audit-chain.js';
export { CALLER_ROLES, callerRoleAtLeast, DEFAULT_TENANT, isCallerRole, LOCAL_CALLER } from './caller.js';
export type { Caller, CallerChannel, CallerRole } from './caller.js';
export { FIXTURE_TENANT_SHIPMENTS, SECOND_TENANT } from './fixtures/tenant-shipments.js';
export { CITIES, CITY_ENGLISH, normaliseCity } from './cities.js';
export type { City } from './cities.js';
export type { CancelOutcome, CancelRequest, DomainStore, GrantCheck, GrantRefusal } from './store/domain-store.js';
export { DOMAIN_TOOLS, findDomainTool } from './domain-tools.js';
export type { DomainTool, DomainToolName, ToolRisk } from './domain-tools.js';
export { SHIPMENT_STATUSES } from './entities.js';
export type { Cancellation, Product, Shipment, ShipmentStatus, StockLevel, Tariff, Warehouse } from './entities.js';
export { normaliseSku, normaliseTrackingId } from './identifiers.js';
export { MAX_REFUND_UAH } from './limits.js';
export { openDomainStore } from './store/open-domain-store.js';
export { DEFAULT_DB_PATH, isProjectDirectory, locateDb, resolveDbPath } from './resolve-db-path.js';
export type { DbPathSource } from './resolve-db-path.js';
export { approvalRequired, DEFAULT_CONSOLE_URL } from './operations/cancel-shipment.js';
export type { ApprovalPolicy, OperationContext } from './operations/operation-context.js';
export { quoteDelivery } from './pricing.js';
export { CALLER_META_KEY, ORIGINS_META_KEY, SEARCH_POLICIES_TOOL, SearchPoliciesInput } from './search-policies-tool.js';
export { SERVICES } from './services.js';
export type { Service } from './services.js';
export { SqliteDomainStore } from './store/sqlite-domain-store.js';
export type { SqliteDomainStoreOptions } from './store/sqlite-domain-store.js';
export { StoreError } from '../storage/store-error.js';
export type { StoreErrorCode } from '../storage/store-error.js';
export { errorEnvelope, isErrorEnvelope } from './tool-result.js';
export { parseArgs } from './validation/parse-args.js';
export type { ParsedArgs } from './validation/parse-args.js';
export type { ApprovalRequiredResult, ErrorEnvelope, RefusedResult, ToolResult } from './tool-result.js';
export { PostgresDomainStore } from './store/postgres-domain-store.js';
export type { PostgresDomainStoreOptions } from './store/postgres-domain-store.js';
