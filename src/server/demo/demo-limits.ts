// How much demo a service makes at most, apart from the code that makes it: the start script checks its
// flags against these before it loads the service.

/** Accounts one service creates at most, so a typo cannot fill a disk. */
export const maxDemoAccounts = 100;

/**
 * The largest catalog worth generating: the catalog's code ranges leave room for about twice as many. It
 * is made a batch at a time (`demoCatalogBatches`), so its size costs time, not memory.
 */
export const maxDemoProducts = 1_000_000;
