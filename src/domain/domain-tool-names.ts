/** The four domain tools' names, apart from their schemas so that the CLI's help can list them cheaply. */
export const DOMAIN_TOOL_NAMES = ['track_shipment', 'check_stock', 'calc_delivery', 'cancel_shipment'] as const;
