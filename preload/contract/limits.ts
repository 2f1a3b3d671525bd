/** The longest pasted batch list, in characters (the batch form, the contract and the web host's body limit). */
export const MAX_BATCH_TEXT_CHARS = 2_000_000;
