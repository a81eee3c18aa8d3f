/** The header's height; the sticky sidebar starts below it. */
export const HEADER_HEIGHT = '64px';
