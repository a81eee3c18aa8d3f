/**
 * The auth routes, each its own chunk so the public pages and the post-sign-up steps stay out
 * of the initial bundle. The public pages render without the shell; creating-account and welcome
 * are hidden-menu routes inside it (spec §2.2).
 */
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.js';

export const publicAuthRoutes: RouteObject[] = [
  { path: '/sign-in', element: lazyPage(() => import('./sign-in-page.js')) },
  { path: '/sign-up', element: lazyPage(() => import('./sign-up-page.js')) },
  { path: '/forgot-password', element: lazyPage(() => import('./forgot-password-page.js')) },
  { path: '/reset-password', element: lazyPage(() => import('./reset-password-page.js')) },
];

export const hiddenMenuAuthRoutes: RouteObject[] = [
  { path: 'creating-account', element: lazyPage(() => import('./creating-account-page.js')) },
  { path: 'welcome', element: lazyPage(() => import('./welcome-page.js')) },
];

export const authRoutes: RouteObject[] = [...publicAuthRoutes, ...hiddenMenuAuthRoutes];
