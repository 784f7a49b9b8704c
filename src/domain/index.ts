export { argsHash, canonicalJson } from './args-hash.js';
export { ARG_ORIGINS } from './approvals/approval-store.js';
export type {
  
  
  
  ApprovalRequest,
  
  
  
  ApprovalStatus,
  
  
  
  ApprovalStore,
  
  
  
  ArgOrigin,
} from './approvals/approval-store.js';
export { decideApproval } from './approvals/decide-approval.js';
export { checkCancelEdit } from './approvals/edit-rule.js';
export type { ApprovalDecisionResult } from './approvals/decide-approval.js';
export { CALLER_ROLES, callerRoleAtLeast } from './caller.js';
export type { Caller } from './caller.js';
export { CITY_ENGLISH, normaliseCity } from './cities.js';
export type { City } from './cities.js';
export type { DomainStore } from './store/domain-store.js';
export { DOMAIN_TOOLS, findDomainTool } from './domain-tools.js';
export type { DomainTool } from './domain-tools.js';
export { SHIPMENT_STATUSES } from './entities.js';
export type { ShipmentStatus } from './entities.js';
export { normaliseSku, normaliseTrackingId } from './identifiers.js';
export { MAX_REFUND_UAH } from './limits.js';
export { openDomainStore } from './store/open-domain-store.js';
export { resolveDbPath } from './resolve-db-path.js';
export type { ApprovalPolicy } from './operations/operation-context.js';
export { CALLER_META_KEY, ORIGINS_META_KEY, SEARCH_POLICIES_TOOL, SearchPoliciesInput } from './search-policies-tool.js';
export { SERVICES } from './services.js';
export type { Service } from './services.js';
export { SqliteDomainStore } from './store/sqlite-domain-store.js';
export { StoreError } from '../storage/store-error.js';
export { errorEnvelope, isErrorEnvelope } from './tool-result.js';
export { parseArgs } from './validation/parse-args.js';
export type { PolicyDocument, PolicyDocuments } from './policy-documents.js';
export type { ApprovalRequiredResult, ErrorEnvelope, RefusedResult, ToolResult } from './tool-result.js';
export { AuditAppendError } from './audit/audit-append-error.js';
export { AnchorFileError, makeAnchor, parseAnchors } from './audit/audit-anchor.js';
export type { AuditAnchor } from './audit/audit-anchor-format.js';
export { appendNewKey, AuditKeyError, loadAuditKeyring } from './audit/audit-keyring.js';
export type { AuditKeyring } from './audit/audit-keyring.js';
export type { ChainVerdict } from './audit/audit-chain.js';
export { carryAuditKeys } from './audit/carry-audit-keys.js';
