/** The exports page (spec §2.1); the user panel's "Download data" leads there too. */
export const EXPORTS_PAGE = '/exports';
