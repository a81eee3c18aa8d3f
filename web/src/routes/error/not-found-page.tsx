/** The page of any address that matches no route, as the router's lazy module. */
export { NotFoundPage as default } from '../../components/error-page.js';
