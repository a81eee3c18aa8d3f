import type { RouteObject } from 'react-router-dom';

/** Routes of the contacts area, spread into the shell's route table (web/src/router.tsx). */
export const contactsRoutes: RouteObject[] = [];
