/** The page of the sections of later issues, as the router's lazy module. */
export { SectionUnavailablePage as default } from '../../components/error-page.js';
