// Platform routes that belong to no domain: the health check used by the local stack and monitors.
import { json } from '../lib/http';
import { defineFunction } from '../api';
import { platformRoutes } from '../../shared/routes/platform';

export const { handler, actions, routes } = defineFunction('platform', platformRoutes, {
  async health() {
    return json({ status: 'ok' });
  },
});
