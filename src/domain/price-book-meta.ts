/**
 * Which price book the app prices traffic with by default, without its data
 * (so the report and the Prices tab can name it without loading the book's
 * chunk). Pure.
 */

/** The package the dated default price book is converted from. */
export const PRICE_BOOK_PACKAGE = '@pydantic/genai-prices';

/** The package's version, pinned exactly in package.json (a test checks the installed one). */
export const PRICE_BOOK_VERSION = '0.1.8';

/**
 * The day that version's data was published (the registry's release time of
 * 0.1.8, UTC): the package bundles its data with no date of its own.
 */
export const PRICE_BOOK_DATE = '2026-09-23';

/** "@pydantic/genai-prices 0.1.8, data of 2026-09-23". */
export const PRICE_BOOK_LABEL = `${PRICE_BOOK_PACKAGE} ${PRICE_BOOK_VERSION}, data of ${PRICE_BOOK_DATE}`;
