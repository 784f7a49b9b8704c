/** The model name the offline planner answers as, e.g. in `/v1/models` and run records. */
export const OFFLINE_PLANNER_MODEL = 'waybill-offline-planner';
