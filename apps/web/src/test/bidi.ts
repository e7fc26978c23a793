/** A value as translated texts show it when its script runs against the text's direction: between Unicode isolates. */
export const isolated = (value: string): string => `\u2068${value}\u2069`;
