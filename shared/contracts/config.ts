/** What the web app reads before sign-in. */
import { ZAppConfig } from '../schemas/config.js';
import { PUBLIC, defineGroup, route } from './route.js';

export const config = defineGroup('config', {
  get: route({ method: 'GET', path: '/config', access: PUBLIC, answer: ZAppConfig }),
});
