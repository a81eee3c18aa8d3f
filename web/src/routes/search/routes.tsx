import type { RouteObject } from 'react-router-dom';

/** Routes of the search area, spread into the shell's route table (web/src/router.tsx). */
export const searchRoutes: RouteObject[] = [];
