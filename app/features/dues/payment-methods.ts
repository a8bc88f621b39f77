/** How dues are paid at the lounge, in the console's words (the ledger's `method`; the provider's is "stripe"). */
export const loungeMethodNames = { card_terminal: "Card terminal", check: "Check", cash: "Cash" } as const;

export type LoungeMethod = keyof typeof loungeMethodNames;
