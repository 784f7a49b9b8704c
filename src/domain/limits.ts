/** Automatic refunds above this are refused even after a human approves them (DESIGN.md §5). */
export const MAX_REFUND_UAH = 5000;

/** Sanity bounds that keep absurd input out before any domain rule runs. */
export const MAX_WEIGHT_KG = 1000;
export const MAX_DECLARED_VALUE_UAH = 10_000_000;
export const MAX_REASON_LENGTH = 500;
